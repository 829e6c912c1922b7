import { authEndpoints, ZWEITER_FAKTOR_PFLICHT_TEXT } from '@dihs/contract/auth';
import { deactivateBodySchema, SECOND_FACTOR_TEXTS, type ActivationData } from '@dihs/contract/second-factor';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { FormTextField } from '../../../components/form-fields.tsx';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { useSession } from '../../../lib/session-context.ts';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { activateFor, activateOwn, deactivateOwn } from '../api/second-factor-api.ts';
import { ActivationCodeStep } from './activation-code-step.tsx';

type SecondFactorDialogProps = {
  onClose: () => void;
  onChanged?: () => void;
} & (
  | {
      /**
       * activate, deactivate: the own second factor (spec 1, section 2.10); required: the forced set-up
       * (REQUIRE_2FA_ROLES), a page instead of every page, whose close button logs out.
       */
      mode: 'activate' | 'deactivate' | 'required';
    }
  | {
      /** The operator's set-up for another user (spec 1 sections 2.7, 4). */
      mode: 'activateFor';
      userId: number;
    }
);

// two forms, because the code is asked only in some steps: each knows from its start whether it is valid
const passwordFormSchema = deactivateBodySchema.pick({ password: true });
const codeFormSchema = deactivateBodySchema.pick({ token: true });

/**
 * The two-factor set-up and removal. Own activation: password, then QR code, key and 6-digit code, then success.
 * Own deactivation: password and code, then success. For another user: the key is made at once (no password), then
 * QR code and code, then success. The forced set-up: the own activation, after which it logs in again with password
 * and the code just typed, so the session continues on a token without the set-up duty. A 400 puts the server's text
 * on the code field, a 401 on the password field, anything else says "Fehler bei der Validierung" (spec 1, section 8).
 */
export function SecondFactorDialog(props: SecondFactorDialogProps) {
  const { mode, onClose, onChanged } = props;
  const userId = props.mode === 'activateFor' ? props.userId : null;
  const titleId = useId();
  const { session, renew } = useSession();
  const queryClient = useQueryClient();
  const [activation, setActivation] = useState<ActivationData | null>(null);
  const [done, setDone] = useState(false);
  const passwordForm = useContractForm(passwordFormSchema, { password: '' });
  const codeForm = useContractForm(codeFormSchema, { token: '' });
  const [general, setGeneral] = useState<string | undefined>(undefined);
  const [pending, setPending] = useState(false);

  // for another user the key is made when the dialog opens
  useEffect(() => {
    if (userId === null) return;
    let cancelled = false;
    activateFor(userId)
      .then((answer) => {
        if (!cancelled && answer !== true) setActivation(answer);
      })
      .catch((failure: unknown) => {
        if (!cancelled) setGeneral(isApiError(failure) ? failure.message : SECOND_FACTOR_TEXTS.validierungFehler);
      });
    return () => {
      cancelled = true;
    };
  }, [userId]);

  const asksPassword = userId === null;
  const asksCode = mode === 'deactivate' || activation !== null;
  const canSubmit =
    (!asksPassword || passwordForm.formState.isValid) &&
    (!asksCode || codeForm.formState.isValid) &&
    (userId === null || activation !== null);

  /** Sends the step; true once the second factor is changed. */
  async function send(password: string, token: string): Promise<boolean> {
    if (mode === 'deactivate') {
      await deactivateOwn({ password, token });
      return true;
    }
    if (!activation) {
      const answer = await activateOwn({ password });
      if (answer !== true) setActivation(answer);
      return false;
    }
    if (userId !== null) await activateFor(userId, { privateKey: activation.privateKey, token });
    else await activateOwn({ password, privateKey: activation.privateKey, token });
    return true;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit || pending || (mode === 'required' && !session)) return;
    const { password } = passwordForm.getValues();
    const { token: code } = codeForm.getValues();
    setPending(true);
    setGeneral(undefined);
    try {
      if (!(await send(password, code))) return;
      if (mode === 'required' && session) {
        const { token } = await callEndpoint(authEndpoints.anmelden, {
          body: { email: session.sub, password, secondFactorCode: code },
        });
        await renew(token);
        // answers refused while the duty held are asked again
        await queryClient.invalidateQueries();
        return;
      }
      setDone(true);
      onChanged?.();
    } catch (error) {
      if (isApiError(error, 400)) codeForm.setError('token', { type: 'server', message: error.message });
      else if (asksPassword && isApiError(error, 401))
        passwordForm.setError('password', { type: 'server', message: error.message });
      else setGeneral(SECOND_FACTOR_TEXTS.validierungFehler);
    } finally {
      setPending(false);
    }
  }

  const title =
    mode === 'deactivate' ? 'Zwei-Faktor-Authentisierung deaktivieren' : 'Zwei-Faktor-Authentisierung einrichten';
  let step;
  if (done) {
    step = (
      <Alert severity="success">
        {mode === 'deactivate' ? SECOND_FACTOR_TEXTS.erfolgDeaktiviert : SECOND_FACTOR_TEXTS.erfolgAktiviert}
      </Alert>
    );
  } else if (activation) {
    step = <ActivationCodeStep activation={activation} control={codeForm.control} />;
  } else if (userId !== null) {
    step = !general && <LoadingIndicator label="Schlüssel wird erzeugt" />;
  } else {
    step = (
      <>
        <FormTextField
          control={passwordForm.control}
          name="password"
          label="Passwort"
          type="password"
          autoComplete="current-password"
          autoFocus
          required
        />
        {mode === 'deactivate' && (
          <FormTextField
            control={codeForm.control}
            name="token"
            label="6-stelliger Code"
            parse={(text) => text.trim()}
            autoComplete="one-time-code"
            required
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
        )}
      </>
    );
  }
  const actions = done ? (
    <Button onClick={onClose} variant="contained">
      Schließen
    </Button>
  ) : (
    <>
      <Button onClick={onClose} disabled={pending}>
        {mode === 'required' ? 'Abmelden' : 'Abbrechen'}
      </Button>
      <Button type="submit" variant="contained" disabled={!canSubmit} loading={pending}>
        {mode === 'deactivate' ? 'Deaktivieren' : activation || userId !== null ? 'Aktivieren' : 'Weiter'}
      </Button>
    </>
  );

  if (mode === 'required') {
    return (
      <Paper variant="outlined" sx={{ maxWidth: 560, mx: 'auto', my: 4, p: { xs: 2, md: 3 } }}>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Stack spacing={2}>
            <Typography variant="h1" sx={{ fontSize: '1.6rem' }}>
              {title}
            </Typography>
            <Alert severity="info">{ZWEITER_FAKTOR_PFLICHT_TEXT}</Alert>
            {general && <Alert severity="error">{general}</Alert>}
            {step}
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              {actions}
            </Stack>
          </Stack>
        </form>
      </Paper>
    );
  }
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
          {step}
        </DialogContent>
        <DialogActions>{actions}</DialogActions>
      </form>
    </Dialog>
  );
}
