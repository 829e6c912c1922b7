import type { Abo } from '@dihs/contract/abo';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { useAboZahlungsLink, useZahlungsHinweise } from '../api/abo-shop-api.ts';

const ZAHLUNG_FAELLIG: Abo['status'][] = ['INBUCHUNG', 'INBEZAHLUNG', 'WARTE_AUF_ABOZAHLUNG'];

/** The payment notices as error alerts (spec 1 section 8), with the way to pay when a payment is due. */
export function ZahlungsHinweise({ abo }: { abo: Abo | null | undefined }) {
  const hinweise = useZahlungsHinweise();
  const link = useAboZahlungsLink();
  const [failure, setFailure] = useState<string | null>(null);
  const faellig = abo ? ZAHLUNG_FAELLIG.includes(abo.status) : false;
  if (!hinweise.data?.length) return null;

  const pay = () =>
    link.mutate(undefined, {
      onSuccess: (url) => window.location.assign(url),
      onError: (error) => setFailure(error.message),
    });

  return (
    <Stack spacing={1} sx={{ mb: 3 }}>
      {hinweise.data.map((hinweis) => (
        <Alert
          key={hinweis.message}
          severity="error"
          action={
            faellig ? (
              <Button color="inherit" size="small" onClick={pay} loading={link.isPending}>
                Jetzt bezahlen
              </Button>
            ) : undefined
          }
        >
          {hinweis.message}
        </Alert>
      ))}
      <MessageDialog open={failure !== null} title="Fehler" text={failure ?? ''} onClose={() => setFailure(null)} />
    </Stack>
  );
}
