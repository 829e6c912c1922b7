import { hasPrivilege } from '@dihs/contract/common/roles';
import { ROUTES } from '@dihs/contract/common/routes';
import { REZEPT_TEXTS, rezeptPatientIdParamSchema, type Rezept } from '@dihs/contract/rezept';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { ButtonLink } from '../../../components/button-link.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useSession } from '../../../lib/session-context.ts';
import { rezeptHerunterladen, usePatientName, useRezepteVonPatient } from '../api/rezept-api.ts';
import { RezeptDialog } from '../components/rezept-dialog.tsx';
import { RezeptTabelle } from '../components/rezept-tabelle.tsx';
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
  const [fehler, setFehler] = useState<string | null>(null);
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
      <QueryState query={rezepte} loading="Rezepte werden geladen" failed="Die Rezepte konnten nicht geladen werden.">
        {(liste) => (
          <RezeptTabelle
            rezepte={liste}
            label="Rezepte des Patienten"
            leerText="Keine Rezepte vorhanden."
            aktionen={(rezept) =>
              betreiber ? (
                <Button size="small" onClick={() => setOffen(rezept.id)}>
                  Bearbeiten
                </Button>
              ) : (
                <Button
                  size="small"
                  disabled={rezept.status === 'GELOESCHT'}
                  onClick={() =>
                    void rezeptHerunterladen(rezept, false).catch((error: Error) => setFehler(error.message))
                  }
                >
                  Herunterladen
                </Button>
              )
            }
          />
        )}
      </QueryState>
      {fehler && (
        <Alert severity="error" sx={{ mt: 2 }} onClose={() => setFehler(null)}>
          {fehler}
        </Alert>
      )}
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
