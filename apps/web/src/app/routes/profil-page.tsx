import { PATIENT_ACCESS_TEXTS } from '@dihs/contract/common/patient-records';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { useSession } from '../../lib/session-context.ts';
import { LoadingIndicator } from '../../components/loading-indicator.tsx';
import { PageMessage } from '../../components/page-message.tsx';
import { isApiError } from '../../lib/api-client.ts';
import {
  useMyProfil,
  useOperatorProfil,
  usePatientenView,
  useTherapeutenView,
} from '../../features/profil/api/profil-api.ts';
import { MyProfilView } from './my-profil-view.tsx';
import { OperatorProfilView } from './operator-profil-view.tsx';
import { PatientenViewProfil } from '../../features/profil/components/patienten-view.tsx';
import { TherapeutenViewProfil } from '../../features/profil/components/therapeuten-view.tsx';

/** Loading, failure (to the error page with the status) or the loaded view. */
function Loaded<T>({
  query,
  children,
  refusal,
}: {
  query: { data: T | undefined; error: unknown };
  children: (data: T) => ReactNode;
  /** What a 403 means on this view. */
  refusal?: string;
}) {
  if (query.error) {
    // the need-to-know check refused: say why instead of an error page (docs/decisions.md "Need-to-know access")
    if (isApiError(query.error) && query.error.status === 403 && refusal)
      return <PageMessage title="Kein Zugriff" message={refusal} />;
    const status = isApiError(query.error) && query.error.status > 0 ? query.error.status : 'fehler';
    return <Navigate to={`/error/${status}`} replace />;
  }
  if (query.data === undefined) return <LoadingIndicator label="Profil wird geladen" />;
  return children(query.data);
}

function MyProfil() {
  const query = useMyProfil();
  return <Loaded query={query}>{(profile) => <MyProfilView profile={profile} />}</Loaded>;
}

function OperatorProfil({ userId }: { userId: number }) {
  const query = useOperatorProfil(userId);
  return (
    <Loaded query={query} refusal={PATIENT_ACCESS_TEXTS.betreiber}>
      {(profile) => <OperatorProfilView key={profile.userId} profile={profile} />}
    </Loaded>
  );
}

function PatientProfil({ userId }: { userId: number }) {
  const query = usePatientenView(userId);
  return (
    <Loaded query={query} refusal={PATIENT_ACCESS_TEXTS.therapeut}>
      {(patient) => <PatientenViewProfil patient={patient} />}
    </Loaded>
  );
}

function TherapistProfil({ userId }: { userId: number }) {
  const query = useTherapeutenView(userId);
  return <Loaded query={query}>{(therapist) => <TherapeutenViewProfil therapist={therapist} />}</Loaded>;
}

/**
 * /profil (MY_PROFIL) and /profil/:userId, whose view type follows the viewer's role (spec 1, section 2.6):
 * operators get BETREIBER_VIEW (their own id too, read-only), therapists PATIENTEN_VIEW, patients THERAPEUTEN_VIEW.
 */
export function ProfilPage() {
  const { userId: param } = useParams();
  const { session } = useSession();
  if (!session) return null;

  let content: ReactNode;
  if (param === undefined) {
    content = <MyProfil />;
  } else {
    const userId = Number(param);
    if (!/^\d+$/.test(param) || userId <= 0) return <Navigate to="/error/404" replace />;
    if (userId === session.userId && session.role !== 'BETREIBER') return <Navigate to="/profil" replace />;
    content =
      session.role === 'BETREIBER' ? (
        <OperatorProfil key={userId} userId={userId} />
      ) : session.role === 'THERAPEUT' ? (
        <PatientProfil key={userId} userId={userId} />
      ) : (
        <TherapistProfil key={userId} userId={userId} />
      );
  }
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      {content}
    </Container>
  );
}
