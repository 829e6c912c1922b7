import { formatEuroCents } from '@dihs/contract/common/money';
import { GUTHABEN_TEXTS, type GuthabenAngebot } from '@dihs/contract/guthaben';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

interface KaufDialogProps {
  angebot: GuthabenAngebot | null;
  pending: boolean;
  onBuy: (angebot: GuthabenAngebot) => void;
  onClose: () => void;
}

/** "Weiter zum Bezahlvorgang für das Guthabenpaket:" with the title, "Jetzt Kaufen" and "Abbrechen" (spec 2). */
export function KaufDialog({ angebot, pending, onBuy, onClose }: KaufDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={angebot !== null}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>{GUTHABEN_TEXTS.dialogTitel}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} component="div">
          <strong>{angebot?.titel}</strong>
          {angebot ? ` (${formatEuroCents(angebot.centPreis)} ${GUTHABEN_TEXTS.inklMwst})` : ''}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {GUTHABEN_TEXTS.abbrechen}
        </Button>
        <Button variant="contained" loading={pending} onClick={() => angebot && onBuy(angebot)} autoFocus>
          {GUTHABEN_TEXTS.jetztKaufen}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
