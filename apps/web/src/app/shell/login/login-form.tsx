import { LIMITS } from '@dihs/contract/common/constants';
import { ERROR_CODES } from '@dihs/contract/common/errors';
import { MESSAGES } from '@dihs/contract/common/messages';
import { homePathFor } from '@dihs/contract/common/routes';
import { loginFormSchema } from '@dihs/contract/auth';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormTextField } from '../../../components/form-fields.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import type { Session } from '../../../lib/session.ts';
import { useSession } from '../../../lib/session-context.ts';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { authenticate, isSecondFactorRequired } from './auth-api.ts';
import { EmailField } from './email-field.tsx';

interface LoginFormProps {
  email: string;
  /** Without it the e-mail is fixed (the lock dialog logs the same account in again). */
  onEmailChange?: (email: string) => void;
  /** Without it there is no "Passwort vergessen". */
  onForgotPassword?: () => void;
  onCancel: () => void;
  /** The cancel button's text; "Abbrechen" by default. */
  cancelLabel?: string;
  /** The submit button's text; "Login" by default. */
  submitLabel?: string;
  /** After the login; by default each role lands on its home page. */
  onLoggedIn?: (session: Session) => void;
}

/**
 * E-mail and password; the Auth-Code field appears only when the server says this account has a second
 * factor (spec 1, section 2.5). After login each role lands on its home page.
 */
export function LoginForm({
  email,
  onEmailChange,
  onForgotPassword,
  onCancel,
  cancelLabel = 'Abbrechen',
  submitLabel = 'Login',
  onLoggedIn,
}: LoginFormProps) {
  const { login } = useSession();
  const navigate = useNavigate();
  const [codeRequired, setCodeRequired] = useState(false);
  const [pending, setPending] = useState(false);
  // the text outlives the open flag so that the closing dialog does not go blank during its transition
  const [failure, setFailure] = useState({ open: false, text: '' });
  const fail = (text: string) => setFailure({ open: true, text });
  const { control, handleSubmit, setFocus } = useContractForm(
    loginFormSchema(codeRequired),
    { email, password: '', secondFactorCode: '' },
    { submitParsed: true },
  );

  useEffect(() => {
    if (codeRequired) setFocus('secondFactorCode');
  }, [codeRequired, setFocus]);

  const submit = handleSubmit(async (body) => {
    if (pending) return;
    setPending(true);
    try {
      if (!codeRequired && (await isSecondFactorRequired(body.email, body.password))) {
        setCodeRequired(true);
        return;
      }
      const session = await login(await authenticate(body));
      if (!session) {
        fail(MESSAGES.sitzungUngueltig);
        return;
      }
      if (onLoggedIn) onLoggedIn(session);
      else void navigate(homePathFor(session.role));
    } catch (error) {
      if (isApiError(error) && error.code === ERROR_CODES.secondFactorRequired) {
        setCodeRequired(true);
        return;
      }
      fail(isApiError(error) ? error.message : MESSAGES.serverfehler);
    } finally {
      setPending(false);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <DialogContent sx={{ pt: 0 }}>
        <EmailField control={control} onChange={onEmailChange} autoFocus={Boolean(onEmailChange)} />
        <FormTextField
          control={control}
          name="password"
          label="Passwort"
          type="password"
          autoComplete="current-password"
          autoFocus={!onEmailChange}
          slotProps={{ htmlInput: { 'aria-required': true } }}
        />
        {codeRequired && (
          <FormTextField
            control={control}
            name="secondFactorCode"
            label="Auth-Code"
            autoComplete="one-time-code"
            helperText="Der Code aus Ihrer Authenticator-App"
            slotProps={{
              htmlInput: { inputMode: 'numeric', maxLength: LIMITS.secondFactorCode, 'aria-required': true },
            }}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', px: 3, pb: 2 }}>
        {onForgotPassword && (
          <Button onClick={onForgotPassword} sx={{ mr: 'auto' }}>
            Passwort vergessen
          </Button>
        )}
        <Button onClick={onCancel}>{cancelLabel}</Button>
        <Button type="submit" variant="contained" loading={pending}>
          {submitLabel}
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
