import { fillPath, ROUTES } from '@dihs/contract/common/routes';
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import type { PlanModus } from '../../features/termin/api/plan-api.ts';
import { TerminPlan } from './termin-plan.tsx';

/**
 * /betreiber/termine/patient/{patient}: "TERMINPLAN FÜR" plus the patient's name; the same plan, booked from the
 * patient's credit (spec 2 "Operator booking for a patient").
 */
export function TermineBetreiberPatientPage() {
  const { patient } = useParams();
  const patientId = patient && /^\d{1,10}$/.test(patient) ? Number(patient) : null;
  const modus = useMemo<PlanModus | null>(
    () => (patientId === null ? null : { kind: 'betreiber', patientId }),
    [patientId],
  );
  if (modus === null || patientId === null)
    return (
      <Container maxWidth="lg" sx={{ py: 5 }}>
        <Alert severity="error">Unbekannter Patient.</Alert>
      </Container>
    );
  return (
    <TerminPlan
      modus={modus}
      heading="TERMINPLAN FÜR"
      basePath={fillPath(ROUTES.betreiberTerminePatient.path, { patient: patientId })}
    />
  );
}
