import { TERMIN_MESSAGES, type TerminStatus } from '@dihs/contract/termin';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useAbsagen, useAktivieren } from '../api/termine-betreiber-api.ts';

interface TerminStatusButtonProps {
  terminId: number;
  status: TerminStatus;
  /** The appointment's befund, so several buttons on one page have distinct accessible names. */
  befund: string;
  onChanged?: (status: TerminStatus) => void;
}

/**
 * Spec 2 section 4: "Termin Aktivieren" in PLANUNG, "Termin Absagen" in AKTIV, a disabled "Abgesagt" afterwards.
 * A refused cancellation (past date) shows the spec's dialog; the status shown is the one the server returns.
 */
export function TerminStatusButton({ terminId, status, befund, onChanged }: TerminStatusButtonProps) {
  const aktivieren = useAktivieren();
  const absagen = useAbsagen();
  // Cancelling refunds and mails every participant and cannot be undone: it is asked for first.
  const [confirming, setConfirming] = useState(false);
  const refused = absagen.error ?? aktivieren.error;
  const pastRefusal =
    isApiError(absagen.error, 400, 409) && absagen.error.message === TERMIN_MESSAGES.absagenVergangenheit;

  if (status === 'ABGESAGT') {
    return (
      <Button variant="outlined" disabled>
        Abgesagt
      </Button>
    );
  }
  const pending = aktivieren.isPending || absagen.isPending;
  return (
    <>
      {status === 'PLANUNG' ? (
        <Button
          variant="contained"
          color="success"
          loading={pending}
          aria-label={`Termin Aktivieren: ${befund}`}
          onClick={() => aktivieren.mutate(terminId, { onSuccess: (answer) => onChanged?.(answer.status) })}
        >
          Termin Aktivieren
        </Button>
      ) : (
        <Button
          variant="contained"
          color="error"
          loading={pending}
          aria-label={`Termin Absagen: ${befund}`}
          onClick={() => setConfirming(true)}
        >
          Termin Absagen
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title="Termin absagen?"
        text={`Der Termin „${befund}“ wird für alle Teilnehmer abgesagt. Jeder gebuchte Teilnehmer erhält seine Zahlung als Guthaben zurück und wird per E-Mail benachrichtigt. Die Absage kann nicht rückgängig gemacht werden.`}
        confirmLabel="Termin absagen"
        cancelLabel="Nicht absagen"
        destructive
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          absagen.mutate(terminId, { onSuccess: (answer) => onChanged?.(answer.status) });
        }}
      />
      <MessageDialog
        open={Boolean(refused)}
        title={pastRefusal ? TERMIN_MESSAGES.absagenTitel : 'Status konnte nicht geändert werden'}
        text={pastRefusal ? TERMIN_MESSAGES.absagenVergangenheit : (refused?.message ?? '')}
        onClose={() => {
          aktivieren.reset();
          absagen.reset();
        }}
      />
    </>
  );
}
