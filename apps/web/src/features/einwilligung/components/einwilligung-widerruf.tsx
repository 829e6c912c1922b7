import { EINWILLIGUNG_TEXTS, WIDERRUFBARE_SEITE } from '@dihs/contract/einwilligung';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useOffeneFassungen, useWiderrufen } from '../api/einwilligung-api.ts';
import { EinwilligungDialog } from './einwilligung-erteilen-dialog.tsx';

/**
 * The own profile: withdraw the video-therapy consent after reading its consequences (DSGVO Art. 7(3)), or, once
 * withdrawn, consent again in the consent dialog. The server keeps booking and joining closed meanwhile.
 */
export function EinwilligungWiderruf() {
  const offen = useOffeneFassungen(true);
  const widerrufen = useWiderrufen();
  const [asking, setAsking] = useState(false);
  const [reconsent, setReconsent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!offen.data) return null;
  const withdrawn = offen.data.filter((f) => f.widerrufen && f.url === WIDERRUFBARE_SEITE);
  // a changed text is asked for by the shell's dialog first; withdrawing is offered once that is answered
  const open = offen.data.some((f) => f.url === WIDERRUFBARE_SEITE);

  function withdraw() {
    setAsking(false);
    widerrufen.mutate(undefined, {
      onError: (failure) =>
        setError(isApiError(failure) && failure.status < 500 ? failure.message : EINWILLIGUNG_TEXTS.widerrufFehler),
    });
  }

  return (
    <Box sx={{ py: 1.5, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
      {withdrawn.length > 0 ? (
        <>
          <Alert severity="info" role="status" sx={{ flex: '1 1 24rem' }}>
            {EINWILLIGUNG_TEXTS.istWiderrufen}
          </Alert>
          <Button variant="outlined" onClick={() => setReconsent(true)}>
            {EINWILLIGUNG_TEXTS.erneutEinwilligen}
          </Button>
          {reconsent && (
            <EinwilligungDialog
              fassungen={withdrawn}
              onLater={() => setReconsent(false)}
              onDone={() => setReconsent(false)}
            />
          )}
        </>
      ) : (
        !open && (
          <Button variant="outlined" color="error" onClick={() => setAsking(true)} loading={widerrufen.isPending}>
            {EINWILLIGUNG_TEXTS.widerrufen}
          </Button>
        )
      )}
      <ConfirmDialog
        open={asking}
        title={EINWILLIGUNG_TEXTS.widerrufTitel}
        text={EINWILLIGUNG_TEXTS.widerrufFolgen}
        confirmLabel={EINWILLIGUNG_TEXTS.widerrufBestaetigen}
        destructive
        onConfirm={withdraw}
        onCancel={() => setAsking(false)}
      />
      <MessageDialog
        open={error !== null}
        title={EINWILLIGUNG_TEXTS.widerrufTitel}
        text={error ?? ''}
        onClose={() => setError(null)}
      />
    </Box>
  );
}
