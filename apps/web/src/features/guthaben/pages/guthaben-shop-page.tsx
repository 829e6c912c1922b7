import { formatEuroCents } from '@dihs/contract/common/money';
import { GUTHABEN_TEXTS } from '@dihs/contract/guthaben';
import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import { GuthabenBar } from '../../../components/guthaben-bar.tsx';
import { ShopPage } from '../../../components/shop-page.tsx';
import { useAngebote, useEigenesGuthaben, usePlaceOrder } from '../api/guthaben-shop-api.ts';
import { AngebotCard } from '../components/angebot-card.tsx';

/** The terms checkbox of the shop is always ticked on this screen (spec 2 "Credit shop"). */
const AGB_AKZEPTIERT = true;

/** /patient/guthaben ("LEISTUNGEN"): the credit packages; buying sends the browser to the payment page. */
export function GuthabenShopPage() {
  const angebote = useAngebote();
  const guthaben = useEigenesGuthaben();
  const bestellen = usePlaceOrder();

  return (
    <ShopPage
      title={GUTHABEN_TEXTS.shopTitel}
      grid={{
        items: angebote.data,
        isPending: angebote.isPending,
        isError: angebote.isError,
        loadingLabel: 'Guthabenpakete werden geladen',
        errorText: 'Die Guthabenpakete konnten nicht geladen werden.',
        emptyText: 'Derzeit sind keine Guthabenpakete buchbar.',
        keyOf: (angebot) => angebot.guthabenAngebotId,
      }}
      card={(angebot, choose) => <AngebotCard angebot={angebot} agbAkzeptiert={AGB_AKZEPTIERT} onChoose={choose} />}
      dialogTitle={GUTHABEN_TEXTS.dialogTitel}
      describe={(angebot) => (
        <DialogContentText component="div">
          <strong>{angebot.titel}</strong> ({formatEuroCents(angebot.centPreis)} {GUTHABEN_TEXTS.inklMwst})
        </DialogContentText>
      )}
      buyLabel={GUTHABEN_TEXTS.jetztKaufen}
      failureTitle="Fehler bei der Buchung"
      order={(angebot) => bestellen.mutateAsync(angebot.guthabenAngebotId)}
    >
      {guthaben.data && (
        <Alert severity="info" icon={false} sx={{ mb: 3 }}>
          <GuthabenBar guthaben={guthaben.data} title="Ihr bezahltes Guthaben" />
        </Alert>
      )}
    </ShopPage>
  );
}
