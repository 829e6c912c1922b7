import type { Firma } from '@dihs/contract/firma';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { NetzwerkfehlerDialog } from '../../../components/message-dialog.tsx';
import { useDeleteFirma } from '../api/delete-firma.ts';

/** Asks before deleting a company and says what happens to its users and pages. */
export function DeleteFirmaDialog({ firma, onClose }: { firma: Firma; onClose: () => void }) {
  const titleId = useId();
  const textId = useId();
  const remove = useDeleteFirma();

  return (
    <>
      <Dialog
        open
        onClose={remove.isPending ? undefined : onClose}
        aria-labelledby={titleId}
        aria-describedby={textId}
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id={titleId}>Firma löschen?</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>
            Die Firma „{firma.bezeichner}“ wird endgültig gelöscht. Ihre Patienten und Therapeuten verlieren die
            Firmenzugehörigkeit. Seiten, die nur für diese Firma sichtbar waren, werden deaktiviert.
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={remove.isPending} autoFocus>
            Abbrechen
          </Button>
          <Button
            color="error"
            variant="contained"
            loading={remove.isPending}
            onClick={() => remove.mutate(firma.id, { onSuccess: onClose })}
          >
            Löschen
          </Button>
        </DialogActions>
      </Dialog>
      <NetzwerkfehlerDialog open={remove.isError} onClose={() => remove.reset()} />
    </>
  );
}
