import { hasPrivilege } from '@dihs/contract/common/roles';
import { ROUTES } from '@dihs/contract/common/routes';
import { REZEPT_TEXTS, rezeptPatientIdParamSchema, type Rezept } from '@dihs/contract/rezept';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { ButtonLink } from '../../../components/button-link.tsx';
import { useSession } from '../../../lib/session-context.ts';
import { usePatientName, useRezepteVonPatient } from '../api/rezept-api.ts';
import { RezeptDialog } from '../components/rezept-dialog.tsx';
import { RezeptListe } from '../components/rezept-liste.tsx';
import { rezeptTitel } from './rezept-titel.ts';

/** /betreiber/rezepte/{patientId}: route parameter checked by the contract's rule; a bad one goes to the 404 page. */
export function RezeptePatientPage() {
  const parsed = rezeptPatientIdParamSchema.safeParse(useParams());
  if (!parsed.success) return <Navigate to="/error/404" replace />;
  return <RezeptePatient patientId={parsed.data.patientId} />;
}

/**
 * One patient's prescriptions for therapists (download) and operators (the edit dialog; "Gesamtübersicht" back to
 * the list of all prescriptions).
 */
function RezeptePatient({ patientId }: { patientId: number }) {
  const { session } = useSession();
  const name = usePatientName(patientId);
  const rezepte = useRezepteVonPatient(patientId);
  const [offen, setOffen] = useState<number | null>(null);
  const betreiber = session?.role === 'BETREIBER';
  const darfBearbeiten = betreiber && hasPrivilege(session.privileges, 'GUTHABEN_AENDERN');
  const gewaehlt: Rezept | undefined = rezepte.data?.find((r) => r.id === offen);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {rezeptTitel(name.data)}
      </Typography>
      {betreiber && (
        <ButtonLink variant="outlined" to={ROUTES.rezepte.path} sx={{ mb: 3 }}>
          {REZEPT_TEXTS.gesamtuebersicht}
        </ButtonLink>
      )}
      <RezeptListe
        rezepte={rezepte}
        label="Rezepte des Patienten"
        leerText="Keine Rezepte vorhanden."
        eigene={false}
        aktion={
          betreiber
            ? (rezept) => (
                <Button size="small" onClick={() => setOffen(rezept.id)}>
                  Bearbeiten
                </Button>
              )
            : undefined
        }
      />
      {gewaehlt && (
        <RezeptDialog
          key={gewaehlt.id}
          rezept={gewaehlt}
          darfBearbeiten={darfBearbeiten}
          onClose={() => setOffen(null)}
        />
      )}
    </Container>
  );
}
