import { ANAMNESE_TEXTS, type Anamnese, type AnamneseSpeichern } from '@dihs/contract/anamnese';
import { fillPath, ROUTES } from '@dihs/contract/common/routes';
import { formatDateTimeDe } from '@dihs/contract/common/time';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { ladefehler } from '../../../lib/load-failure.ts';
import { useSession } from '../../../lib/session-context.ts';
import { useFocusOnMount } from '../../../lib/use-focus-on-mount.ts';
import {
  anamnesePdfHerunterladen,
  useAnamneseEntfernen,
  useAnamneseSpeichern,
  useAnamneseUnterschreiben,
  useAnamneseVon,
  useEigeneAnamnese,
} from '../api/anamnese-api.ts';
import { AnamneseForm, type AnamneseAktion } from '../components/anamnese-form.tsx';
import { AnamneseUebersicht } from '../components/anamnese-uebersicht.tsx';

const fehlerText = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/** PDF download and, for the patient and operators, deleting the form with a confirmation (spec 3). */
function Aktionen({
  patientId,
  loeschen,
  onGeloescht,
}: {
  patientId?: number;
  loeschen: boolean;
  onGeloescht: () => void;
}) {
  const titleId = useId();
  const entfernen = useAnamneseEntfernen();
  const [fragen, setFragen] = useState(false);
  const [erledigt, setErledigt] = useState(false);
  const [fehler, setFehler] = useState<string | null>(null);
  return (
    <>
      <Stack direction="row" sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => {
            setFehler(null);
            anamnesePdfHerunterladen(patientId).catch(() => setFehler('Das PDF konnte nicht erstellt werden.'));
          }}
        >
          PDF herunterladen
        </Button>
        {loeschen && (
          <Button color="error" variant="outlined" onClick={() => setFragen(true)}>
            Anamnesebogen löschen
          </Button>
        )}
      </Stack>
      {fehler && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {fehler}
        </Alert>
      )}
      <Dialog open={fragen} onClose={() => setFragen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Anamnesebogen löschen?</DialogTitle>
        <DialogContent>
          <DialogContentText>Alle Angaben des Anamnesebogens werden endgültig gelöscht.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setFragen(false)}>Abbrechen</Button>
          <Button
            color="error"
            variant="contained"
            loading={entfernen.isPending}
            onClick={() =>
              entfernen.mutate(
                { body: patientId === undefined ? {} : { patientId } },
                {
                  onSuccess: () => {
                    setFragen(false);
                    setErledigt(true);
                  },
                  onError: (error) => {
                    setFragen(false);
                    setFehler(fehlerText(error, 'Der Anamnesebogen konnte nicht gelöscht werden.'));
                  },
                },
              )
            }
          >
            Löschen
          </Button>
        </DialogActions>
      </Dialog>
      <MessageDialog
        open={erledigt}
        title="Anamnesebogen gelöscht"
        text={ANAMNESE_TEXTS.geloescht}
        onClose={onGeloescht}
      />
    </>
  );
}

/** `fokus`: the summary replaced the form the patient was in; the status takes the keyboard focus from it. */
function Status({ anamnese, fokus = false }: { anamnese: Anamnese; fokus?: boolean }) {
  const ref = useFocusOnMount<HTMLDivElement>(fokus);
  return anamnese.unterschrieben && anamnese.unterschriebenAm ? (
    <Alert ref={ref} tabIndex={-1} severity="success" sx={{ mb: 2 }}>
      Unterschrieben am {formatDateTimeDe(anamnese.unterschriebenAm)}. Der Anamnesebogen kann nicht mehr geändert
      werden.
    </Alert>
  ) : (
    <Alert ref={ref} tabIndex={-1} severity="info" sx={{ mb: 2 }}>
      Noch nicht unterschrieben.
    </Alert>
  );
}

/**
 * The note that the answers were saved. Saving builds the form anew from the stored answers (the privacy checkbox
 * is to be ticked again), and the focused "Zwischenspeichern" went away with it, to the page body: the note takes
 * the keyboard focus instead (issue 32 item 13). Each save mounts it anew (the note is cleared while saving).
 */
function Gespeichert({ text }: { text: string }) {
  const ref = useFocusOnMount<HTMLDivElement>(true);
  return (
    <Alert ref={ref} tabIndex={-1} severity="success" sx={{ mb: 2 }}>
      {text}
    </Alert>
  );
}

/** The patient's own form: edit mode, summary, signing (spec 3 "Medical history"). */
function EigeneAnamnese() {
  const navigate = useNavigate();
  const query = useEigeneAnamnese();
  const speichern = useAnamneseSpeichern();
  const unterschreiben = useAnamneseUnterschreiben();
  const [uebersicht, setUebersicht] = useState<boolean | null>(null);
  const [fehler, setFehler] = useState<string | null>(null);
  const [hinweis, setHinweis] = useState<string | null>(null);
  // back from the summary by "Bearbeiten", which goes away: the form's first field takes the focus (until a save)
  const [zurueck, setZurueck] = useState(false);

  const aktion = async (art: AnamneseAktion, werte: AnamneseSpeichern) => {
    setFehler(null);
    setHinweis(null);
    setZurueck(false);
    try {
      await speichern.mutateAsync({ body: werte });
    } catch (error) {
      return setFehler(fehlerText(error, 'Der Anamnesebogen konnte nicht gespeichert werden.'));
    }
    if (art === 'speichern') return setHinweis('Ihre Angaben wurden gespeichert.');
    if (art === 'fertigstellen') {
      try {
        await unterschreiben.mutateAsync(undefined);
      } catch (error) {
        // the server refused: the form stays unsigned and editable
        return setFehler(fehlerText(error, 'Der Anamnesebogen konnte nicht unterschrieben werden.'));
      }
    }
    setUebersicht(true);
  };

  return (
    <QueryState
      query={query}
      loading="Anamnesebogen wird geladen"
      failed={ladefehler(query.error, 'Der Anamnesebogen konnte nicht geladen werden.')}
    >
      {(anamnese) => {
        const zeigeUebersicht = anamnese?.unterschrieben || (uebersicht ?? false);
        if (!anamnese || !zeigeUebersicht) {
          return (
            <>
              {hinweis && <Gespeichert text={hinweis} />}
              <AnamneseForm
                key={anamnese?.geaendert ?? 'neu'}
                anamnese={anamnese}
                fokus={zurueck}
                pending={speichern.isPending || unterschreiben.isPending}
                fehler={fehler}
                onAktion={(art, werte) => void aktion(art, werte)}
              />
            </>
          );
        }
        return (
          <>
            <Status anamnese={anamnese} fokus={uebersicht === true} />
            {!anamnese.unterschrieben && (
              <Button
                variant="outlined"
                sx={{ mb: 2 }}
                onClick={() => {
                  setUebersicht(false);
                  setZurueck(true);
                }}
              >
                Bearbeiten
              </Button>
            )}
            <AnamneseUebersicht angaben={anamnese} />
            <Aktionen loeschen onGeloescht={() => void navigate(ROUTES.cockpit.path)} />
          </>
        );
      }}
    </QueryState>
  );
}

/** Another patient's form: the summary only, read-only (spec 3); operators may delete it. */
function AnamneseVonPatient({ patientId }: { patientId: number }) {
  const navigate = useNavigate();
  const { session } = useSession();
  const query = useAnamneseVon(patientId);
  return (
    <QueryState
      query={query}
      loading="Anamnesebogen wird geladen"
      failed={ladefehler(query.error, 'Der Anamnesebogen konnte nicht geladen werden.')}
    >
      {(anamnese) =>
        anamnese ? (
          <>
            <Status anamnese={anamnese} />
            <AnamneseUebersicht angaben={anamnese} />
            <Aktionen
              patientId={patientId}
              loeschen={session?.role === 'BETREIBER'}
              // an operator returns to the patient's profile: the Cockpit is the patients' page
              onGeloescht={() => void navigate(fillPath(ROUTES.nutzerProfil.path, { userId: patientId }))}
            />
          </>
        ) : (
          <Alert severity="info">{ANAMNESE_TEXTS.nichtGefunden}</Alert>
        )
      }
    </QueryState>
  );
}

/** /anamnese and /anamnese/{patientId}. */
export function AnamnesePage() {
  const { patientId } = useParams();
  const { session } = useSession();
  const id = patientId ? Number(patientId) : null;
  const eigene = id === null || id === session?.userId;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        Anamnesebogen
      </Typography>
      {eigene && session?.role === 'PATIENT' ? (
        <EigeneAnamnese />
      ) : id !== null && Number.isInteger(id) && id > 0 ? (
        <AnamneseVonPatient patientId={id} />
      ) : (
        <Alert severity="warning">Kein Patientenobjekt verfügbar</Alert>
      )}
    </Container>
  );
}
