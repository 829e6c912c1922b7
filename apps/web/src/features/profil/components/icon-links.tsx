import { checkGuard, fillPath, ROUTES, type RouteKey } from '@dihs/contract/common/routes';
import AssignmentIcon from '@mui/icons-material/Assignment';
import EventIcon from '@mui/icons-material/Event';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import FitnessCenterIcon from '@mui/icons-material/FitnessCenter';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/button-link.tsx';
import { useSession } from '../../../lib/session-context.ts';

interface IconLinksProps {
  patientId: number;
  /** "Termine für Patient" is for operators only (spec 1, section 2.6). */
  asOperator: boolean;
}

/**
 * The patient-record bar of a patient's profile: anamnesis, questionnaires, training plan, appointments, prescriptions.
 * Each link says what it opens in visible words beside its icon (issue 32 item 4: five bare round icons made the
 * operator guess); on a phone the buttons wrap and share the width.
 */
export function IconLinks({ patientId, asOperator }: IconLinksProps) {
  const { session } = useSession();
  const links: { label: string; route: RouteKey; to: string; icon: ReactNode }[] = [
    {
      label: 'Anamnesebogen',
      route: 'anamneseFragebogenPatient',
      to: fillPath(ROUTES.anamneseFragebogenPatient.path, { patientId }),
      icon: <AssignmentIcon />,
    },
    {
      label: 'Befundfragebögen',
      route: 'frageboegen',
      to: fillPath(ROUTES.frageboegen.path, { patientId }),
      icon: <FactCheckIcon />,
    },
    {
      label: 'Trainingsplan',
      route: 'trainingsplan',
      to: fillPath(ROUTES.trainingsplan.path, { patient: patientId }),
      icon: <FitnessCenterIcon />,
    },
    ...(asOperator
      ? [
          {
            label: 'Termine für Patient',
            route: 'betreiberTerminePatient' as const,
            to: fillPath(ROUTES.betreiberTerminePatient.path, { patient: patientId }),
            icon: <EventIcon />,
          },
        ]
      : []),
    {
      label: 'Rezepte',
      route: 'rezeptePatient',
      to: fillPath(ROUTES.rezeptePatient.path, { patientId }),
      icon: <ReceiptLongIcon />,
    },
  ];
  // an operator is offered only the screens their privileges open (the server checks the same privileges)
  const allowed = links.filter((link) => 'allowed' in checkGuard(ROUTES[link.route].guard, session));
  return (
    <Box component="nav" aria-label="Patientenakte" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {allowed.map((link) => (
        <ButtonLink
          key={link.label}
          to={link.to}
          variant="outlined"
          size="small"
          startIcon={link.icon}
          sx={{ flex: { xs: '1 1 auto', sm: '0 0 auto' } }}
        >
          {link.label}
        </ButtonLink>
      ))}
    </Box>
  );
}
