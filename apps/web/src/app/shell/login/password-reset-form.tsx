import { passwortResetAnfrageFormSchema } from '@dihs/contract/accounts';
import { MESSAGES } from '@dihs/contract/common/messages';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { useState } from 'react';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { requestPasswordReset } from './auth-api.ts';
import { EmailField } from './email-field.tsx';

type ResetStatus = 'form' | 'pending' | 'success' | 'failure';

interface PasswordResetFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onBackToLogin: () => void;
  onClose: () => void;
}

/** The reset view of the login dialog: request, pending, then success or failure with a retry (spec 1, section 4). */
export function PasswordResetForm({ email, onEmailChange, onBackToLogin, onClose }: PasswordResetFormProps) {
  const [status, setStatus] = useState<ResetStatus>('form');
  const { control, handleSubmit } = useContractForm(passwortResetAnfrageFormSchema, { email }, { submitParsed: true });

  const submit = handleSubmit(async (values) => {
    setStatus('pending');
    try {
      await requestPasswordReset(values.email);
      setStatus('success');
    } catch {
      setStatus('failure');
    }
  });

  if (status === 'pending') {
    return (
      <DialogContent>
        <LoadingIndicator label="Anfrage wird gesendet" />
      </DialogContent>
    );
  }

  if (status === 'success' || status === 'failure') {
    return (
      <>
        <DialogContent>
          <Alert severity={status === 'success' ? 'success' : 'error'}>
            {status === 'success' ? MESSAGES.passwortResetErfolg : MESSAGES.passwortResetFehler}
          </Alert>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setStatus('form')}>Erneut versuchen</Button>
          <Button onClick={onClose} variant="contained">
            Schließen
          </Button>
        </DialogActions>
      </>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <DialogContent sx={{ pt: 0 }}>
        <DialogContentText sx={{ mb: 1 }}>
          Passwort vergessen? Geben Sie Ihre E-Mail-Adresse ein. Wir senden Ihnen einen Link, über den Sie ein neues
          Passwort setzen können.
        </DialogContentText>
        <EmailField control={control} onChange={onEmailChange} autoFocus />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', px: 3, pb: 2 }}>
        <Button onClick={onBackToLogin} sx={{ mr: 'auto' }}>
          Zurück zum Einloggen
        </Button>
        <Button onClick={onClose}>Abbrechen</Button>
        <Button type="submit" variant="contained">
          Anfordern
        </Button>
      </DialogActions>
    </Box>
  );
}
