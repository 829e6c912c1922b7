import { SECOND_FACTOR_TEXTS, totpTokenRule, type ActivationData } from '@dihs/contract/second-factor';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { activateFor } from '../api/second-factor-api.ts';
import { ActivationCodeStep } from './activation-code-step.tsx';

interface AdminSecondFactorDialogProps {
  userId: number;
  onClose: () => void;
  onChanged: () => void;
}

/** The operator's set-up for another user (spec 1 sections 2.7, 4): 0 loading, 1 scan and enter code, 2 done. */
export function AdminSecondFactorDialog({ userId, onClose, onChanged }: AdminSecondFactorDialogProps) {
  const titleId = useId();
  const [activation, setActivation] = useState<ActivationData | null>(null);
  const [done, setDone] = useState(false);
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<{ code?: string; general?: string }>({});
  const [pending, setPending] = useState(false);

  useEffect(() => {
    let cancelled = false;
    activateFor(userId)
      .then((answer) => {
        if (!cancelled && answer !== true) setActivation(answer);
      })
      .catch((failure: unknown) => {
        if (!cancelled)
          setError({ general: isApiError(failure) ? failure.message : SECOND_FACTOR_TEXTS.validierungFehler });
      });
    return () => {
      cancelled = true;
    };
  }, [userId]);

  const parsed = totpTokenRule.safeParse(code);
  const localError = touched && !parsed.success ? parsed.error.issues[0]?.message : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!activation || !parsed.success || pending) return;
    setPending(true);
    setError({});
    try {
      await activateFor(userId, { privateKey: activation.privateKey, token: code });
      setDone(true);
      onChanged();
    } catch (failure) {
      if (isApiError(failure, 400)) setError({ code: failure.message });
      else setError({ general: SECOND_FACTOR_TEXTS.validierungFehler });
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Zwei-Faktor-Authentisierung einrichten</DialogTitle>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogContent>
          {error.general && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error.general}
            </Alert>
          )}
          {done ? (
            <Alert severity="success">{SECOND_FACTOR_TEXTS.erfolgAktiviert}</Alert>
          ) : activation ? (
            <ActivationCodeStep
              activation={activation}
              code={code}
              onCodeChange={(value) => {
                setCode(value);
                setTouched(true);
              }}
              error={error.code ?? localError}
            />
          ) : (
            !error.general && <LoadingIndicator label="Schlüssel wird erzeugt" />
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
              <Button type="submit" variant="contained" disabled={!activation || !parsed.success} loading={pending}>
                Aktivieren
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
