import { betreiberActivateBodySchema, SECOND_FACTOR_TEXTS, type ActivationData } from '@dihs/contract/second-factor';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { activateFor } from '../api/second-factor-api.ts';
import { ActivationCodeStep } from './activation-code-step.tsx';

interface AdminSecondFactorDialogProps {
  userId: number;
  onClose: () => void;
  onChanged: () => void;
}

const codeFormSchema = betreiberActivateBodySchema.unwrap().unwrap().pick({ token: true });

/** The operator's set-up for another user (spec 1 sections 2.7, 4): 0 loading, 1 scan and enter code, 2 done. */
export function AdminSecondFactorDialog({ userId, onClose, onChanged }: AdminSecondFactorDialogProps) {
  const titleId = useId();
  const [activation, setActivation] = useState<ActivationData | null>(null);
  const [done, setDone] = useState(false);
  const { control, formState, getValues, setError } = useContractForm(codeFormSchema, { token: '' });
  const [general, setGeneral] = useState<string | undefined>(undefined);
  const [pending, setPending] = useState(false);

  useEffect(() => {
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

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!activation || !formState.isValid || pending) return;
    setPending(true);
    setGeneral(undefined);
    try {
      await activateFor(userId, { privateKey: activation.privateKey, token: getValues('token') });
      setDone(true);
      onChanged();
    } catch (failure) {
      if (isApiError(failure, 400)) setError('token', { type: 'server', message: failure.message });
      else setGeneral(SECOND_FACTOR_TEXTS.validierungFehler);
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Zwei-Faktor-Authentisierung einrichten</DialogTitle>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogContent>
          {general && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {general}
            </Alert>
          )}
          {done ? (
            <Alert severity="success">{SECOND_FACTOR_TEXTS.erfolgAktiviert}</Alert>
          ) : activation ? (
            <ActivationCodeStep activation={activation} control={control} />
          ) : (
            !general && <LoadingIndicator label="Schlüssel wird erzeugt" />
          )}
        </DialogContent>
        <DialogActions>
          {done ? (
            <Button onClick={onClose} variant="contained">
              Schließen
            </Button>
          ) : (
            <>
              <Button onClick={onClose} disabled={pending}>
                Abbrechen
              </Button>
              <Button type="submit" variant="contained" disabled={!activation || !formState.isValid} loading={pending}>
                Aktivieren
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
