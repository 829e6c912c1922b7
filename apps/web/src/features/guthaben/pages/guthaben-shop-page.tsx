import { GUTHABEN_TEXTS, type GuthabenAngebot } from '@dihs/contract/guthaben';
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { GuthabenBar } from '../../../components/guthaben-bar.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { ShopGrid } from '../../../components/shop-grid.tsx';
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
      <ShopGrid
        items={angebote.data}
        isPending={angebote.isPending}
        isError={angebote.isError}
        loadingLabel="Guthabenpakete werden geladen"
        errorText="Die Guthabenpakete konnten nicht geladen werden."
        emptyText="Derzeit sind keine Guthabenpakete buchbar."
        keyOf={(angebot) => angebot.guthabenAngebotId}
      >
        {(angebot) => <AngebotCard angebot={angebot} agbAkzeptiert={AGB_AKZEPTIERT} onChoose={setGewaehlt} />}
      </ShopGrid>
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
