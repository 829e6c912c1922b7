import { LIMITS } from '@dihs/contract/common/constants';
import { ERROR_CODES } from '@dihs/contract/common/errors';
import { MESSAGES } from '@dihs/contract/common/messages';
import { homePathFor } from '@dihs/contract/common/routes';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../session/session-context.ts';
import { authenticate, isSecondFactorRequired } from './auth-api.ts';
import { EMAIL_MISSING, EmailField } from './email-field.tsx';

interface LoginFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onForgotPassword: () => void;
  onCancel: () => void;
}

/**
 * E-mail and password; the Auth-Code field appears only when the server says this account has a second
 * factor (spec 1, section 2.5). After login each role lands on its home page.
 */
export function LoginForm({ email, onEmailChange, onForgotPassword, onCancel }: LoginFormProps) {
  const { login } = useSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeRequired, setCodeRequired] = useState(false);
  const [validated, setValidated] = useState(false);
  const [pending, setPending] = useState(false);
  // the text outlives the open flag so that the closing dialog does not go blank during its transition
  const [failure, setFailure] = useState({ open: false, text: '' });
  const fail = (text: string) => setFailure({ open: true, text });
  const codeInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (codeRequired) codeInput.current?.focus();
  }, [codeRequired]);

  const errors = {
    email: email.trim() ? undefined : EMAIL_MISSING,
    password: password ? undefined : 'Bitte geben Sie Ihr Passwort ein.',
    code: codeRequired && !code.trim() ? MESSAGES.loginAuthCodeFehlt : undefined,
  };
  const shown = (error: string | undefined) => (validated ? error : undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setValidated(true);
    if (errors.email || errors.password || errors.code) return;
    setPending(true);
    try {
      const address = email.trim();
      if (!codeRequired && (await isSecondFactorRequired(address, password))) {
        setCodeRequired(true);
        setValidated(false);
        return;
      }
      const session = await login(await authenticate({ email: address, password, secondFactorCode: code.trim() }));
      if (!session) {
        fail(MESSAGES.sitzungUngueltig);
        return;
      }
      void navigate(homePathFor(session.role));
    } catch (error) {
      if (isApiError(error) && error.code === ERROR_CODES.secondFactorRequired) {
        setCodeRequired(true);
        return;
      }
      fail(isApiError(error) ? error.message : MESSAGES.serverfehler);
    } finally {
      setPending(false);
    }
  }

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <DialogContent sx={{ pt: 0 }}>
        <EmailField value={email} onChange={onEmailChange} error={shown(errors.email)} autoFocus />
        <TextField
          label="Passwort"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={Boolean(shown(errors.password))}
          helperText={shown(errors.password)}
          fullWidth
          margin="dense"
          slotProps={{ htmlInput: { 'aria-required': true } }}
        />
        {codeRequired && (
          <TextField
            label="Auth-Code"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={Boolean(shown(errors.code))}
            helperText={shown(errors.code) ?? 'Der Code aus Ihrer Authenticator-App'}
            inputRef={codeInput}
            fullWidth
            margin="dense"
            slotProps={{
              htmlInput: { inputMode: 'numeric', maxLength: LIMITS.secondFactorCode, 'aria-required': true },
            }}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', px: 3, pb: 2 }}>
        <Button onClick={onForgotPassword} sx={{ mr: 'auto' }}>
          Passwort vergessen
        </Button>
        <Button onClick={onCancel}>Abbrechen</Button>
        <Button type="submit" variant="contained" loading={pending}>
          Login
        </Button>
      </DialogActions>
      <MessageDialog
        open={failure.open}
        title={MESSAGES.anmeldungFehlerTitel}
        text={failure.text}
        onClose={() => setFailure((current) => ({ ...current, open: false }))}
      />
    </Box>
  );
}
