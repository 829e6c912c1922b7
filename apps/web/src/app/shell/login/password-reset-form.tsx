import { MESSAGES } from '@dihs/contract/common/messages';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { useState, type FormEvent } from 'react';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { requestPasswordReset } from './auth-api.ts';
import { EMAIL_MISSING, EmailField } from './email-field.tsx';

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
  const [validated, setValidated] = useState(false);
  const emailError = validated && !email.trim() ? EMAIL_MISSING : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setValidated(true);
    if (!email.trim()) return;
    setStatus('pending');
    try {
      await requestPasswordReset(email.trim());
      setStatus('success');
    } catch {
      setStatus('failure');
    }
  }

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
        <EmailField value={email} onChange={onEmailChange} error={emailError} autoFocus />
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
