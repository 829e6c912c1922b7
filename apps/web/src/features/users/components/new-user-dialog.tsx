import { BENUTZER_TEXTS, usersEndpoints, neuerBenutzerBodySchema } from '@dihs/contract/users';
import { LIMITS } from '@dihs/contract/common/constants';
import { ROLE_LABELS, type Role } from '@dihs/contract/common/roles';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-fields.tsx';
import { savedText, useSaveNotice } from '../../../components/save-notice.tsx';
import { invalidateEndpoints } from '../../../lib/endpoint-query.ts';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { createBenutzer } from '../api/create-benutzer.ts';

interface NewUserDialogProps {
  role: Role;
  open: boolean;
  onClose: () => void;
}

type Status = { kind: 'form'; error?: string } | { kind: 'pending' };

const newUserFormSchema = z.object({ email: neuerBenutzerBodySchema });

/**
 * "Neuen {role} anlegen.": asks for the e-mail, creates the account (the server mails a set-password link) and
 * opens its profile (spec 3, sections 2 and 8).
 */
export function NewUserDialog({ role, open, onClose }: NewUserDialogProps) {
  const titleId = useId();
  const [status, setStatus] = useState<Status>({ kind: 'form' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notify = useSaveNotice();
  const { control, handleSubmit, formState, reset } = useContractForm(
    newUserFormSchema,
    { email: '' },
    {
      submitParsed: true,
      onEdit: () => {
        if (status.kind === 'form' && status.error) setStatus({ kind: 'form' });
      },
    },
  );
  const pending = status.kind === 'pending';

  function close() {
    if (pending) return;
    reset();
    setStatus({ kind: 'form' });
    onClose();
  }

  const submit = handleSubmit(async ({ email }) => {
    if (pending) return;
    setStatus({ kind: 'pending' });
    try {
      const id = await createBenutzer(role, email);
      if (id === null) {
        setStatus({ kind: 'form', error: BENUTZER_TEXTS.emailNichtVergeben });
        return;
      }
      await invalidateEndpoints(queryClient, usersEndpoints.liste);
      // the dialog opens the new profile; the snackbar says what happened there and in the person's inbox
      notify({
        text: `${savedText(ROLE_LABELS[role], email, true)} Die Person erhält eine E-Mail, um ihr Passwort festzulegen.`,
      });
      void navigate(`/profil/${id}`);
    } catch {
      setStatus({ kind: 'form', error: BENUTZER_TEXTS.unbekannterFehler });
    }
  });

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{BENUTZER_TEXTS.neuerBenutzerTitel(ROLE_LABELS[role])}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>
            Die Person erhält eine E-Mail mit einem Link, über den sie ihr Passwort festlegt.
          </DialogContentText>
          <FormTextField
            control={control}
            name="email"
            label="E-Mail"
            type="email"
            autoComplete="off"
            autoFocus
            required
            max={LIMITS.email}
            disabled={pending}
          />
          {pending && (
            <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
              <CircularProgress size={24} aria-hidden />
              <Typography>{BENUTZER_TEXTS.bitteWarten}</Typography>
            </Box>
          )}
          {status.kind === 'form' && status.error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {status.error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={pending}>
            Abbrechen
          </Button>
          <Button type="submit" variant="contained" disabled={!formState.isValid || pending}>
            Anlegen
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
