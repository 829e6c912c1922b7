import { DELETION_TEXTS } from '@dihs/contract/loeschung';
import { THEME_COLOURS } from '@dihs/contract/common/constants';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { deleteForever } from '../api/loeschung-api.ts';

type Phase = 'info' | 'started' | 'running' | { result: string; severity: 'success' | 'error' | 'warning' };

const RESULT_TEXTS = {
  gestartet: 'Die Löschung wurde gestartet. Die Daten des Patienten werden im Hintergrund entfernt.',
  abgeschlossen: 'Die Löschung ist abgeschlossen.',
  unbekannt: DELETION_TEXTS.unbekannt,
} as const;

interface DeletionDialogProps {
  patientId: number;
  patientName: string;
  onClose: () => void;
}

/**
 * The permanent deletion of spec 1 section 2.9: an info step, then the process is started and the dialog turns red;
 * the confirm button enables 6 seconds after LÖSCHEN is typed. Once the deletion ran, closing leaves to /.
 */
export function DeletionDialog({ patientId, patientName, onClose }: DeletionDialogProps) {
  const titleId = useId();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>('info');
  const [word, setWord] = useState('');
  // When the typed word became right; changing it away resets the wait (spec 1, section 2.9).
  const [rightSince, setRightSince] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const wordOk = word === DELETION_TEXTS.bestaetigungsWort;
  const red = phase === 'started' || phase === 'running';
  const total = DELETION_TEXTS.bestaetigungsWartezeitMs;
  const msLeft = rightSince === null ? null : Math.min(total, Math.max(0, rightSince + total - now));
  const secondsLeft = msLeft === null ? null : Math.ceil(msLeft / 1000);

  useEffect(() => {
    if (rightSince === null) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= rightSince + total) clearInterval(timer);
    }, 200);
    return () => clearInterval(timer);
  }, [rightSince, total]);

  const typeWord = (value: string) => {
    setWord(value);
    const right = value === DELETION_TEXTS.bestaetigungsWort;
    setRightSince((since) => (right ? (since ?? Date.now()) : null));
    setNow(Date.now());
  };

  const confirmEnabled = phase === 'started' && wordOk && secondsLeft === 0;

  async function confirm() {
    setPhase('running');
    try {
      const status = await deleteForever(patientId);
      setPhase({ result: RESULT_TEXTS[status], severity: status === 'unbekannt' ? 'warning' : 'success' });
    } catch {
      setPhase({ result: DELETION_TEXTS.fehler, severity: 'error' });
    }
  }

  const close = () => {
    if (typeof phase === 'object') void navigate('/');
    else onClose();
  };

  return (
    <Dialog
      open
      onClose={phase === 'running' ? undefined : close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{
        paper: red ? { sx: { bgcolor: THEME_COLOURS.red, color: 'common.white' } } : {},
      }}
    >
      <DialogTitle id={titleId}>Patient endgültig löschen</DialogTitle>
      <DialogContent>
        {phase === 'info' && (
          <DialogContentText>
            Alle persönlichen Daten von {patientName || 'diesem Patienten'} werden endgültig gelöscht: Profil, Anamnese,
            Fragebögen, Dokumentation, Rezepte, Fotos und Zugangsdaten. Daten, die für die Abrechnung aufbewahrt werden
            müssen, werden anonymisiert. Das kann nicht rückgängig gemacht werden.
          </DialogContentText>
        )}
        {red && (
          <>
            <DialogContentText sx={{ color: 'inherit', mb: 2 }}>
              Geben Sie zur Bestätigung {DELETION_TEXTS.bestaetigungsWort} in Großbuchstaben ein. Die Schaltfläche wird
              danach nach 6 Sekunden freigegeben.
            </DialogContentText>
            <TextField
              label="Bestätigung"
              value={word}
              onChange={(event) => typeWord(event.target.value)}
              autoFocus
              fullWidth
              autoComplete="off"
              disabled={phase === 'running'}
              sx={{
                bgcolor: 'common.white',
                borderRadius: 1,
              }}
              helperText={
                wordOk && secondsLeft !== null && secondsLeft > 0 ? `Noch ${secondsLeft} Sekunden …` : undefined
              }
              slotProps={{
                formHelperText: { sx: { bgcolor: THEME_COLOURS.red, color: 'common.white', m: 0, px: 1.5 } },
              }}
            />
          </>
        )}
        {typeof phase === 'object' && <Alert severity={phase.severity}>{phase.result}</Alert>}
      </DialogContent>
      <DialogActions>
        {phase === 'info' && (
          <>
            <Button onClick={close}>Abbrechen</Button>
            <Button variant="contained" color="error" onClick={() => setPhase('started')}>
              Löschvorgang starten
            </Button>
          </>
        )}
        {red && (
          <>
            <Button onClick={close} disabled={phase === 'running'} sx={{ color: 'common.white' }}>
              Abbrechen
            </Button>
            <Button
              variant="contained"
              onClick={() => void confirm()}
              disabled={!confirmEnabled}
              loading={phase === 'running'}
              sx={{ bgcolor: 'common.white', color: THEME_COLOURS.red }}
            >
              Endgültig löschen
            </Button>
          </>
        )}
        {typeof phase === 'object' && (
          <Button variant="contained" onClick={close}>
            Schließen
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
