import { GUTHABEN_TEXTS, type GuthabenAngebot } from '@dihs/contract/guthaben';
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { GuthabenBar } from '../../../components/guthaben-bar.tsx';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { leavePage } from '../../../lib/leave-page.ts';
import { useAngebote, useEigenesGuthaben, usePlaceOrder } from '../api/guthaben-shop-api.ts';
import { AngebotCard } from '../components/angebot-card.tsx';
import { KaufDialog } from '../components/kauf-dialog.tsx';

/** The terms checkbox of the shop is always ticked on this screen (spec 2 "Credit shop"). */
const AGB_AKZEPTIERT = true;

/** /patient/guthaben ("LEISTUNGEN"): the credit packages; buying sends the browser to the payment page. */
export function GuthabenShopPage() {
  const angebote = useAngebote();
  const guthaben = useEigenesGuthaben();
  const bestellen = usePlaceOrder();
  const [gewaehlt, setGewaehlt] = useState<GuthabenAngebot | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  function kaufen(angebot: GuthabenAngebot) {
    bestellen.mutate(angebot.guthabenAngebotId, {
      // the dialog stays open (busy) until the browser leaves for the payment page
      onSuccess: (url) => leavePage(url),
      onError: (error) => {
        setGewaehlt(null);
        setFailure(error.message);
      },
    });
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {GUTHABEN_TEXTS.shopTitel}
      </Typography>
      {guthaben.data && (
        <Alert severity="info" icon={false} sx={{ mb: 3 }}>
          <GuthabenBar guthaben={guthaben.data} title="Ihr bezahltes Guthaben" />
        </Alert>
      )}
      {angebote.isPending ? (
        <LoadingIndicator label="Guthabenpakete werden geladen" />
      ) : angebote.isError ? (
        <Alert severity="error">Die Guthabenpakete konnten nicht geladen werden.</Alert>
      ) : angebote.data.length === 0 ? (
        <Typography color="text.secondary">Derzeit sind keine Guthabenpakete buchbar.</Typography>
      ) : (
        <Grid container spacing={3}>
          {angebote.data.map((angebot) => (
            <Grid key={angebot.guthabenAngebotId} size={{ xs: 12, sm: 6, md: 4 }}>
              <AngebotCard angebot={angebot} agbAkzeptiert={AGB_AKZEPTIERT} onChoose={setGewaehlt} />
            </Grid>
          ))}
        </Grid>
      )}
      <KaufDialog
        angebot={gewaehlt}
        pending={bestellen.isPending || bestellen.isSuccess}
        onBuy={kaufen}
        onClose={() => setGewaehlt(null)}
      />
      <MessageDialog
        open={failure !== null}
        title="Fehler bei der Buchung"
        text={failure ?? ''}
        onClose={() => setFailure(null)}
      />
    </Container>
  );
}
