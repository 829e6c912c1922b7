import type { PageToDelete } from '@dihs/contract/navigation';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useId } from 'react';

interface DeletePagesDialogProps {
  pages: readonly PageToDelete[];
  /** The choice is being carried out. */
  busy: boolean;
  onChoose: (final: boolean) => void;
  /** Keeps the pages (out of the menu); the next save offers them again. */
  onClose: () => void;
}

/** After a save: the pages no menu entry points at any more, for the trash or for final deletion (spec 3). */
export function DeletePagesDialog({ pages, busy, onChoose, onClose }: DeletePagesDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>Seiten löschen?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          Das Menü ist gespeichert. Diese Seiten stehen in keinem Menü mehr. Sollen sie in den Papierkorb (dort können
          Sie sie wiederherstellen) oder endgültig gelöscht werden?
        </DialogContentText>
        <List dense aria-label="Zu löschende Seiten">
          {pages.map((page) => (
            <ListItem key={page.id} disableGutters>
              <ListItemText primary={page.titel} secondary={`/inhalt/${page.url}`} />
            </ListItem>
          ))}
        </List>
        {busy && <LinearProgress aria-label="Seiten werden gelöscht" />}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy} sx={{ mr: 'auto' }}>
          Behalten
        </Button>
        <Button variant="outlined" onClick={() => onChoose(false)} disabled={busy} autoFocus>
          In den Papierkorb
        </Button>
        <Button variant="contained" color="error" onClick={() => onChoose(true)} disabled={busy}>
          Endgültig löschen
        </Button>
      </DialogActions>
    </Dialog>
  );
}
