import { ABO_TEXTS, AKTIVE_ABO_STATUSES } from '@dihs/contract/abo';
import { formatEuroCents } from '@dihs/contract/common/money';
import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import { useNavigate } from 'react-router';
import { ButtonLink } from '../../../components/button-link.tsx';
import { ShopPage } from '../../../components/shop-page.tsx';
import { useAboBestellen, useEigenesAbo, useStandardPakete } from '../api/abo-shop-api.ts';
import { intervallText, PaketCard } from '../components/paket-card.tsx';
import { ZahlungsHinweise } from '../components/zahlungs-hinweise.tsx';

/** /patient/abo: the standard packages as cards; booking goes to the payment page (spec 2 "Subscription shop"). */
export function AboShopPage() {
  const navigate = useNavigate();
  const pakete = useStandardPakete();
  const eigenes = useEigenesAbo();
  const bestellen = useAboBestellen();
  const laufend = eigenes.data && (AKTIVE_ABO_STATUSES as readonly string[]).includes(eigenes.data.status);

  return (
    <ShopPage
      title="IHR ABO"
      grid={{
        items: pakete.data,
        isPending: pakete.isPending,
        isError: pakete.isError,
        loadingLabel: 'Abopakete werden geladen',
        errorText: 'Die Abopakete konnten nicht geladen werden.',
        emptyText: 'Derzeit sind keine Abos buchbar.',
        keyOf: (paket) => paket.aboPaketId,
      }}
      card={(paket, choose) => <PaketCard paket={paket} disabled={Boolean(laufend)} onBook={choose} />}
      dialogTitle="Weiter zum Bezahlvorgang für das Abo:"
      describe={(paket) => (
        <>
          <DialogContentText sx={{ fontWeight: 700 }}>{paket.title}</DialogContentText>
          <DialogContentText>
            {formatEuroCents(paket.kostenProQuartalCent)} {intervallText(paket.buchungMonate)} inkl. MwSt
          </DialogContentText>
        </>
      )}
      buyLabel="Jetzt buchen"
      failureTitle={ABO_TEXTS.buchungFehler}
      order={(paket) => bestellen.mutateAsync(paket.aboPaketId)}
      // nothing to pay: the subscription runs
      onNothingToPay={() => void navigate('/profil')}
    >
      <ZahlungsHinweise abo={eigenes.data} />
      {laufend && eigenes.data && (
        <Alert
          severity="info"
          sx={{ mb: 3 }}
          action={
            <ButtonLink to="/profil" color="inherit" size="small">
              Zum Profil
            </ButtonLink>
          }
        >
          Sie haben bereits das Abo „{eigenes.data.aboPaket.title}“. Status und Kündigung finden Sie in Ihrem Profil.
        </Alert>
      )}
    </ShopPage>
  );
}
