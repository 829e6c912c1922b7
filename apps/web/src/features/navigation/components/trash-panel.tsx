import { MESSAGES } from '@dihs/contract/common/messages';
import { formatDateTimeDe } from '@dihs/contract/common/time';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useEmptyTrash, useRestorePage, useTrash } from '../api/trash.ts';

/**
 * The trashed pages with a restore button each, and "Papierkorb leeren". A restored page gets a menu entry at
 * the end of the top level; with unsaved changes in the editor it waits, because the tree is reloaded.
 */
export function TrashPanel({ dirty }: { dirty: boolean }) {
  const headingId = useId();
  const confirmTitleId = useId();
  const trash = useTrash();
  const restore = useRestorePage();
  const empty = useEmptyTrash();
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  const entries = trash.data ?? [];

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h3" component="h2" gutterBottom>
        Papierkorb
      </Typography>
      {trash.isError && (
        <Alert severity="error">{MESSAGES.netzwerkfehlerTitel}: Der Papierkorb konnte nicht geladen werden.</Alert>
      )}
      {(restore.isError || empty.isError) && (
        <Alert severity="error">
          {MESSAGES.netzwerkfehlerTitel}: {MESSAGES.netzwerkfehlerText}
        </Alert>
      )}
      {trash.isSuccess && entries.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          Der Papierkorb ist leer.
        </Typography>
      )}
      {entries.length > 0 && (
        <>
          <List dense aria-label="Seiten im Papierkorb">
            {entries.map((entry) => (
              <ListItem
                key={entry.id}
                disableGutters
                secondaryAction={
                  <Button
                    size="small"
                    startIcon={<RestoreFromTrashIcon />}
                    disabled={dirty || restore.isPending}
                    onClick={() => restore.mutate(entry.id)}
                    aria-label={`${entry.titel} wiederherstellen`}
                  >
                    Wiederherstellen
                  </Button>
                }
              >
                <ListItemText
                  primary={entry.titel}
                  secondary={`/inhalt/${entry.url} · gelöscht am ${formatDateTimeDe(entry.geloeschtAm)}`}
                  sx={{ pr: 18 }}
                />
              </ListItem>
            ))}
          </List>
          {dirty && (
            <Typography variant="body2" color="text.secondary">
              Zum Wiederherstellen erst speichern oder abbrechen.
            </Typography>
          )}
          <Button color="error" onClick={() => setConfirmEmpty(true)} disabled={empty.isPending} sx={{ mt: 1 }}>
            Papierkorb leeren
          </Button>
        </>
      )}
      <Dialog open={confirmEmpty} onClose={() => setConfirmEmpty(false)} aria-labelledby={confirmTitleId}>
        <DialogTitle id={confirmTitleId}>Papierkorb leeren?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Alle {entries.length} Seiten im Papierkorb werden endgültig gelöscht. Das lässt sich nicht rückgängig
            machen.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmEmpty(false)} autoFocus>
            Abbrechen
          </Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setConfirmEmpty(false);
              empty.mutate();
            }}
          >
            Endgültig löschen
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
