import { STORNO_MESSAGES } from '@dihs/contract/cart';
import { formatDateTimeUhr } from '@dihs/contract/common/time';
import type { Termin } from '@dihs/contract/termin';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { abmelden } from '../api/cart-api.ts';

export interface Meldung {
  title: string;
  text: string;
}

/** The answer of a cancellation as the message of spec 2 section 8. */
export function stornoMeldung(outcome: unknown): Meldung {
  if (outcome && typeof outcome === 'object' && 'befund' in outcome && 'gutschrift' in outcome) {
    const { befund, gutschrift } = outcome as { befund: string; gutschrift: boolean };
    return {
      title: STORNO_MESSAGES.erfolgTitel,
      text: STORNO_MESSAGES.erfolg(befund) + (gutschrift ? STORNO_MESSAGES.gutschrift : ''),
    };
  }
  if (isApiError(outcome, 403)) return { title: STORNO_MESSAGES.verbotenTitel, text: STORNO_MESSAGES.verboten };
  if (isApiError(outcome, 409)) return { title: STORNO_MESSAGES.fehlerTitel, text: STORNO_MESSAGES.fehler };
  return {
    title: STORNO_MESSAGES.fehlerTitel,
    text: outcome instanceof Error ? outcome.message : STORNO_MESSAGES.fehler,
  };
}

interface StornoDialogProps {
  termin: Termin;
  /** Called with the message to show once the server answered; the plan reloads. */
  onDone: (meldung: Meldung) => void;
  onCancel: () => void;
}

/** "Stornierung bestätigen" (spec 2 section 4); an employer appointment says that no credit comes back. */
export function StornoDialog({ termin, onDone, onCancel }: StornoDialogProps) {
  const titleId = useId();
  const textId = useId();
  const [pending, setPending] = useState(false);
  const stornieren = async () => {
    setPending(true);
    try {
      onDone(stornoMeldung(await abmelden(termin.id)));
    } catch (error) {
      onDone(stornoMeldung(error));
    }
  };
  return (
    <Dialog open onClose={pending ? undefined : onCancel} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{STORNO_MESSAGES.bestaetigenTitel}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          Möchten Sie den Termin {termin.befund} am {formatDateTimeUhr(termin.datum)} stornieren?{' '}
          {termin.istFirmentermin
            ? STORNO_MESSAGES.firmaHinweis
            : 'Das Guthaben wird Ihnen entsprechend Ihrer Buchung zurückgeschrieben.'}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={pending}>
          Abbrechen
        </Button>
        <Button onClick={() => void stornieren()} disabled={pending} variant="contained" autoFocus>
          Stornieren
        </Button>
      </DialogActions>
    </Dialog>
  );
}
