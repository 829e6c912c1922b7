import { ABO_TEXTS, AKTIVE_ABO_STATUSES, type Abo } from '@dihs/contract/abo';
import { formatDayDe } from '@dihs/contract/common/time';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ButtonLink } from '../../../components/button-link.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import {
  getAboPdf,
  getAboZahlungsLink,
  kuendigeAbo,
  useAbo,
  useAboHinweise,
  widerrufeKuendigung,
} from '../api/abo-api.ts';
import { AboDetails } from './abo-details.tsx';
import { ProfileSection } from '../../../components/profile-section.tsx';

const isAktiv = (abo: Abo) => (AKTIVE_ABO_STATUSES as readonly string[]).includes(abo.status);
const unbezahlt = (abo: Abo) => abo.status === 'INBUCHUNG' || abo.status === 'INBEZAHLUNG';
const zahlungFaellig = (abo: Abo) => unbezahlt(abo) || abo.status === 'WARTE_AUF_ABOZAHLUNG';

interface Meldung {
  title: string;
  text: string;
  /** Success dialogs reload the page on OK (spec 1 section 8). */
  reload: boolean;
}

const serverText = (error: unknown) => (isApiError(error) ? error.message : String(error));

/** The patient's own subscription block (spec 1 section 2.8): status, dates, cancel, withdraw, notices, PDFs. */
export function AboStatusSection() {
  const abo = useAbo(null);
  const current = abo.data ?? null;
  const hinweise = useAboHinweise(abo.isSuccess, current?.status);
  const confirmId = useId();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState<'kuendigen' | 'widerrufen' | 'bezahlen' | 'pdf' | null>(null);
  const [meldung, setMeldung] = useState<Meldung | null>(null);

  async function run(kind: NonNullable<typeof pending>, work: () => Promise<void>, failureTitle: string) {
    setPending(kind);
    try {
      await work();
    } catch (error) {
      setMeldung({ title: failureTitle, text: serverText(error), reload: false });
    } finally {
      setPending(null);
    }
  }

  const kuendigen = (aboId: number) =>
    run(
      'kuendigen',
      async () => {
        setConfirming(false);
        const datum = await kuendigeAbo(aboId);
        setMeldung({
          title: ABO_TEXTS.gekuendigtTitel,
          text: ABO_TEXTS.gekuendigtText(formatDayDe(datum)),
          reload: true,
        });
      },
      ABO_TEXTS.kuendigenFehler,
    );
  const widerrufen = (aboId: number) =>
    run(
      'widerrufen',
      async () => {
        await widerrufeKuendigung(aboId);
        setMeldung({ title: ABO_TEXTS.widerrufenTitel, text: ABO_TEXTS.widerrufenText, reload: true });
      },
      ABO_TEXTS.widerrufenFehler,
    );
  const bezahlen = () => run('bezahlen', async () => window.location.assign(await getAboZahlungsLink()), 'Fehler');
  const pdf = (kind: 'abobestaetigung' | 'abokuendigungsbestaetigung') =>
    run('pdf', async () => saveFile(await getAboPdf(kind), `${kind}.pdf`), 'Fehler');

  // built for the loaded answer; QueryState shows the spinner or the error instead while there is none
  let content;
  if (!current) {
    content = (
      <Box sx={{ py: 1.5, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Typography sx={{ mr: 'auto' }}>Sie haben derzeit kein Abo.</Typography>
        <ButtonLink to="/patient/abo" variant="outlined">
          Zum Abo-Shop
        </ButtonLink>
      </Box>
    );
  } else {
    const kuendbar = !current.vertragsendeDatum && (unbezahlt(current) || (isAktiv(current) && current.bezahlabo));
    const widerrufbar = current.kuendigungVorgemerkt && !current.kuendigungBetreiberVorgemerkt;
    content = (
      <>
        <AboDetails abo={current} />
        <Box sx={{ py: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {zahlungFaellig(current) && (
            <Button variant="contained" onClick={() => void bezahlen()} loading={pending === 'bezahlen'}>
              Jetzt bezahlen
            </Button>
          )}
          {kuendbar && (
            <Button
              variant="outlined"
              color="error"
              onClick={() => setConfirming(true)}
              loading={pending === 'kuendigen'}
            >
              Abo kündigen
            </Button>
          )}
          {widerrufbar && (
            <Button variant="outlined" onClick={() => void widerrufen(current.id)} loading={pending === 'widerrufen'}>
              Kündigung widerrufen
            </Button>
          )}
          {current.beginn && (
            <Button
              startIcon={<DownloadIcon />}
              onClick={() => void pdf('abobestaetigung')}
              disabled={pending === 'pdf'}
            >
              Abobestätigung (PDF)
            </Button>
          )}
          {current.kuendigungVorgemerkt && (
            <Button
              startIcon={<DownloadIcon />}
              onClick={() => void pdf('abokuendigungsbestaetigung')}
              disabled={pending === 'pdf'}
            >
              Kündigungsbestätigung (PDF)
            </Button>
          )}
        </Box>
        {!current.bezahlabo && !current.vertragsendeDatum && (
          <Typography variant="body2" color="text.secondary" sx={{ py: 1.5 }}>
            Ihr Firmenabo wird über Ihren Arbeitgeber beendet.
          </Typography>
        )}
      </>
    );
  }

  return (
    <ProfileSection title="Abo">
      {(hinweise.data?.length ?? 0) > 0 && (
        <Stack spacing={1} sx={{ py: 1.5 }}>
          {hinweise.data?.map((hinweis) => (
            <Alert key={hinweis.message} severity="error">
              {hinweis.message}
            </Alert>
          ))}
        </Stack>
      )}
      <QueryState query={abo} loading="Abo wird geladen" failed="Das Abo konnte nicht geladen werden.">
        {() => content}
      </QueryState>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={confirmId}>
        <DialogTitle id={confirmId}>Abo kündigen?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {current && unbezahlt(current)
              ? 'Die noch nicht bezahlte Buchung wird abgebrochen.'
              : 'Das Abo endet zum Ende der Laufzeit, unter Beachtung der Kündigungsfrist. Bis dahin können Sie es wie gewohnt nutzen.'}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Zurück</Button>
          <Button color="error" variant="contained" onClick={() => current && void kuendigen(current.id)}>
            Kündigen
          </Button>
        </DialogActions>
      </Dialog>
      <MessageDialog
        open={meldung !== null}
        title={meldung?.title ?? ''}
        text={meldung?.text ?? ''}
        onClose={() => {
          if (meldung?.reload) window.location.reload();
          setMeldung(null);
        }}
      />
    </ProfileSection>
  );
}
