import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

/** "Übung aus Trainingsplan entfernen?" with Ja and Nein. */
export function EntfernenDialog({ frage, onYes, onNo }: { frage: string; onYes: () => void; onNo: () => void }) {
  const titleId = useId();
  return (
    <Dialog open onClose={onNo} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{frage}</DialogTitle>
      <DialogActions>
        <Button onClick={onNo} autoFocus>
          Nein
        </Button>
        <Button onClick={onYes} color="error" variant="contained">
          Ja
        </Button>
      </DialogActions>
    </Dialog>
  );
}
