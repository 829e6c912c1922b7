import { ABO_TEXTS, AKTIVE_ABO_STATUSES, type AboPaket } from '@dihs/contract/abo';
import { formatEuroCents } from '@dihs/contract/common/money';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { ButtonLink } from '../../../components/button-link.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { ShopGrid } from '../../../components/shop-grid.tsx';
import { useAboBestellen, useEigenesAbo, useStandardPakete } from '../api/abo-shop-api.ts';
import { intervallText, PaketCard } from '../components/paket-card.tsx';
import { ZahlungsHinweise } from '../components/zahlungs-hinweise.tsx';

/** /patient/abo: the standard packages as cards; booking goes to the payment page (spec 2 "Subscription shop"). */
export function AboShopPage() {
  const titleId = useId();
  const navigate = useNavigate();
  const pakete = useStandardPakete();
  const eigenes = useEigenesAbo();
  const bestellen = useAboBestellen();
  const [gewaehlt, setGewaehlt] = useState<AboPaket | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const laufend = eigenes.data && (AKTIVE_ABO_STATUSES as readonly string[]).includes(eigenes.data.status);

  function buchen(paket: AboPaket) {
    bestellen.mutate(paket.aboPaketId, {
      onSuccess: (url) => {
        setGewaehlt(null);
        // an empty answer: nothing to pay, the subscription runs; otherwise the provider's checkout
        if (url) window.location.assign(url);
        else void navigate('/profil');
      },
      onError: (error) => {
        setGewaehlt(null);
        setFailure(error.message);
      },
    });
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        IHR ABO
      </Typography>
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
      <ShopGrid
        items={pakete.data}
        isPending={pakete.isPending}
        isError={pakete.isError}
        loadingLabel="Abopakete werden geladen"
        errorText="Die Abopakete konnten nicht geladen werden."
        emptyText="Derzeit sind keine Abos buchbar."
        keyOf={(paket) => paket.aboPaketId}
      >
        {(paket) => <PaketCard paket={paket} disabled={Boolean(laufend)} onBook={setGewaehlt} />}
      </ShopGrid>

      <Dialog
        open={gewaehlt !== null}
        onClose={bestellen.isPending ? undefined : () => setGewaehlt(null)}
        aria-labelledby={titleId}
      >
        <DialogTitle id={titleId}>Weiter zum Bezahlvorgang für das Abo:</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ fontWeight: 700 }}>{gewaehlt?.title}</DialogContentText>
          {gewaehlt && (
            <DialogContentText>
              {formatEuroCents(gewaehlt.kostenProQuartalCent)} {intervallText(gewaehlt.buchungMonate)} inkl. MwSt
            </DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setGewaehlt(null)} disabled={bestellen.isPending}>
            Abbrechen
          </Button>
          <Button variant="contained" loading={bestellen.isPending} onClick={() => gewaehlt && buchen(gewaehlt)}>
            Jetzt buchen
          </Button>
        </DialogActions>
      </Dialog>
      <MessageDialog
        open={failure !== null}
        title={ABO_TEXTS.buchungFehler}
        text={failure ?? ''}
        onClose={() => setFailure(null)}
      />
    </Container>
  );
}
