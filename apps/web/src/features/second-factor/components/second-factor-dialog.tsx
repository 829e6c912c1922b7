import { deactivateBodySchema, SECOND_FACTOR_TEXTS, type ActivationData } from '@dihs/contract/second-factor';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState, type FormEvent } from 'react';
import { FormTextField } from '../../../components/form-fields.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { activateOwn, deactivateOwn } from '../api/second-factor-api.ts';
import { ActivationCodeStep } from './activation-code-step.tsx';

type Step = { kind: 'password' } | { kind: 'code'; activation: ActivationData } | { kind: 'done' };

interface SecondFactorDialogProps {
  mode: 'activate' | 'deactivate';
  onClose: () => void;
  onChanged: () => void;
}

// two forms, because the code is asked only in some steps: each knows from its start whether it is valid
const passwordFormSchema = deactivateBodySchema.pick({ password: true });
const codeFormSchema = deactivateBodySchema.pick({ token: true });

/**
 * The own two-factor dialog (spec 1, section 2.10). Activation: password, then QR code, key and 6-digit code, then
 * success. Deactivation: password and code, then success. A 400 puts the server's text on the code field, a 401
 * on the password field, anything else says "Fehler bei der Validierung" (spec 1, section 8).
 */
export function SecondFactorDialog({ mode, onClose, onChanged }: SecondFactorDialogProps) {
  const titleId = useId();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const passwordForm = useContractForm(passwordFormSchema, { password: '' });
  const codeForm = useContractForm(codeFormSchema, { token: '' });
  const [general, setGeneral] = useState<string | undefined>(undefined);
  const [pending, setPending] = useState(false);

  const needsCode = mode === 'deactivate' || step.kind === 'code';
  const canSubmit = passwordForm.formState.isValid && (!needsCode || codeForm.formState.isValid);

  function handleError(error: unknown) {
    if (isApiError(error, 400)) codeForm.setError('token', { type: 'server', message: error.message });
    else if (isApiError(error, 401)) passwordForm.setError('password', { type: 'server', message: error.message });
    else setGeneral(SECOND_FACTOR_TEXTS.validierungFehler);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit || pending) return;
    const { password } = passwordForm.getValues();
    const { token: code } = codeForm.getValues();
    setPending(true);
    setGeneral(undefined);
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
    <FormTextField
      control={passwordForm.control}
      name="password"
      label="Passwort"
      type="password"
      autoComplete="current-password"
      autoFocus
      required
    />
  );

  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogContent>
          {general && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {general}
            </Alert>
          )}
          {step.kind === 'done' ? (
            <Alert severity="success">
              {mode === 'activate' ? SECOND_FACTOR_TEXTS.erfolgAktiviert : SECOND_FACTOR_TEXTS.erfolgDeaktiviert}
            </Alert>
          ) : step.kind === 'code' ? (
            <ActivationCodeStep activation={step.activation} control={codeForm.control} />
          ) : mode === 'activate' ? (
            passwordField
          ) : (
            <>
              {passwordField}
              <FormTextField
                control={codeForm.control}
                name="token"
                label="6-stelliger Code"
                parse={(text) => text.trim()}
                autoComplete="one-time-code"
                required
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
