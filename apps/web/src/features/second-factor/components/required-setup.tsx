import { authEndpoints, ZWEITER_FAKTOR_PFLICHT_TEXT } from '@dihs/contract/auth';
import { deactivateBodySchema, SECOND_FACTOR_TEXTS, type ActivationData } from '@dihs/contract/second-factor';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormTextField } from '../../../components/form-fields.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { useSession } from '../../../lib/session-context.ts';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { activateOwn } from '../api/second-factor-api.ts';
import { ActivationCodeStep } from './activation-code-step.tsx';

const passwordFormSchema = deactivateBodySchema.pick({ password: true });
const codeFormSchema = deactivateBodySchema.pick({ token: true });

/**
 * The forced set-up (REQUIRE_2FA_ROLES): shown instead of every page while the session may do nothing else. After
 * the activation it logs in again with password and the code just typed, so the session continues on a token
 * without the set-up duty.
 */
export function RequiredSecondFactorSetup() {
  const { session, renew, logout } = useSession();
  const queryClient = useQueryClient();
  const [activation, setActivation] = useState<ActivationData | null>(null);
  const passwordForm = useContractForm(passwordFormSchema, { password: '' });
  const codeForm = useContractForm(codeFormSchema, { token: '' });
  const [general, setGeneral] = useState<string | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const canSubmit = passwordForm.formState.isValid && (!activation || codeForm.formState.isValid);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit || pending || !session) return;
    const { password } = passwordForm.getValues();
    const { token: code } = codeForm.getValues();
    setPending(true);
    setGeneral(undefined);
    try {
      if (!activation) {
        const answer = await activateOwn({ password });
        if (answer !== true) setActivation(answer);
        return;
      }
      await activateOwn({ password, privateKey: activation.privateKey, token: code });
      const { token } = await callEndpoint(authEndpoints.anmelden, {
        body: { email: session.sub, password, secondFactorCode: code },
      });
      await renew(token);
      // answers refused while the duty held are asked again
      await queryClient.invalidateQueries();
    } catch (error) {
      if (isApiError(error, 400)) codeForm.setError('token', { type: 'server', message: error.message });
      else if (isApiError(error, 401)) passwordForm.setError('password', { type: 'server', message: error.message });
      else setGeneral(SECOND_FACTOR_TEXTS.validierungFehler);
    } finally {
      setPending(false);
    }
  }

  return (
    <Paper variant="outlined" sx={{ maxWidth: 560, mx: 'auto', my: 4, p: { xs: 2, md: 3 } }}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack spacing={2}>
          <Typography variant="h1" sx={{ fontSize: '1.6rem' }}>
            Zwei-Faktor-Authentisierung einrichten
          </Typography>
          <Alert severity="info">{ZWEITER_FAKTOR_PFLICHT_TEXT}</Alert>
          {general && <Alert severity="error">{general}</Alert>}
          {activation ? (
            <ActivationCodeStep activation={activation} control={codeForm.control} />
          ) : (
            <FormTextField
              control={passwordForm.control}
              name="password"
              label="Passwort"
              type="password"
              autoComplete="current-password"
              autoFocus
              required
            />
          )}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={logout} disabled={pending}>
              Abmelden
            </Button>
            <Button type="submit" variant="contained" disabled={!canSubmit} loading={pending}>
              {activation ? 'Aktivieren' : 'Weiter'}
            </Button>
          </Stack>
        </Stack>
      </form>
    </Paper>
  );
}
