import { SECOND_FACTOR_TEXTS, totpTokenRule, type ActivationData } from '@dihs/contract/second-factor';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { activateOwn, deactivateOwn } from '../api/second-factor-api.ts';
import { ActivationCodeStep } from './activation-code-step.tsx';

type Step = { kind: 'password' } | { kind: 'code'; activation: ActivationData } | { kind: 'done' };

interface SecondFactorDialogProps {
  mode: 'activate' | 'deactivate';
  onClose: () => void;
  onChanged: () => void;
}

const codeError = (code: string): string | undefined => {
  const result = totpTokenRule.safeParse(code);
  return result.success ? undefined : result.error.issues[0]?.message;
};

/**
 * The own two-factor dialog (spec 1, section 2.10). Activation: password, then QR code, key and 6-digit code, then
 * success. Deactivation: password and code, then success. A 400 puts the server's text on the code field, a 401
 * on the password field, anything else says "Fehler bei der Validierung" (spec 1, section 8).
 */
export function SecondFactorDialog({ mode, onClose, onChanged }: SecondFactorDialogProps) {
  const titleId = useId();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeTouched, setCodeTouched] = useState(false);
  const [errors, setErrors] = useState<{ password?: string; code?: string; general?: string }>({});
  const [pending, setPending] = useState(false);

  const needsCode = mode === 'deactivate' || step.kind === 'code';
  const localCodeError = needsCode && codeTouched ? codeError(code) : undefined;
  const canSubmit = password.length > 0 && (!needsCode || !codeError(code));

  function handleError(error: unknown) {
    if (isApiError(error, 400)) setErrors({ code: error.message });
    else if (isApiError(error, 401)) setErrors({ password: error.message });
    else setErrors({ general: SECOND_FACTOR_TEXTS.validierungFehler });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit || pending) return;
    setPending(true);
    setErrors({});
    try {
      if (mode === 'deactivate') {
        await deactivateOwn({ password, token: code });
        setStep({ kind: 'done' });
        onChanged();
      } else if (step.kind === 'password') {
        const answer = await activateOwn({ password });
        if (answer !== true) setStep({ kind: 'code', activation: answer });
      } else if (step.kind === 'code') {
        await activateOwn({ password, privateKey: step.activation.privateKey, token: code });
        setStep({ kind: 'done' });
        onChanged();
      }
    } catch (error) {
      handleError(error);
    } finally {
      setPending(false);
    }
  }

  const title =
    mode === 'activate' ? 'Zwei-Faktor-Authentisierung einrichten' : 'Zwei-Faktor-Authentisierung deaktivieren';
  const passwordField = (
    <TextField
      label="Passwort"
      type="password"
      autoComplete="current-password"
      value={password}
      onChange={(event) => setPassword(event.target.value)}
      autoFocus
      fullWidth
      margin="dense"
      required
      error={Boolean(errors.password)}
      helperText={errors.password}
    />
  );

  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogContent>
          {errors.general && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errors.general}
            </Alert>
          )}
          {step.kind === 'done' ? (
            <Alert severity="success">
              {mode === 'activate' ? SECOND_FACTOR_TEXTS.erfolgAktiviert : SECOND_FACTOR_TEXTS.erfolgDeaktiviert}
            </Alert>
          ) : step.kind === 'code' ? (
            <ActivationCodeStep
              activation={step.activation}
              code={code}
              onCodeChange={(value) => {
                setCode(value);
                setCodeTouched(true);
              }}
              error={errors.code ?? localCodeError}
            />
          ) : mode === 'activate' ? (
            passwordField
          ) : (
            <>
              {passwordField}
              <TextField
                label="6-stelliger Code"
                value={code}
                onChange={(event) => {
                  setCode(event.target.value.trim());
                  setCodeTouched(true);
                }}
                autoComplete="one-time-code"
                fullWidth
                margin="dense"
                required
                error={Boolean(errors.code ?? localCodeError)}
                helperText={errors.code ?? localCodeError}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
              />
            </>
          )}
        </DialogContent>
        <DialogActions>
          {step.kind === 'done' ? (
            <Button onClick={onClose} variant="contained">
              Schließen
            </Button>
          ) : (
            <>
              <Button onClick={onClose} disabled={pending}>
                Abbrechen
              </Button>
              <Button type="submit" variant="contained" disabled={!canSubmit} loading={pending}>
                {mode === 'deactivate' ? 'Deaktivieren' : step.kind === 'password' ? 'Weiter' : 'Aktivieren'}
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
