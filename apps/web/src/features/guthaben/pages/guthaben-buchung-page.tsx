import { formatDateTimeUhr } from '@dihs/contract/common/time';
import { CREDIT_MESSAGES, GUTHABEN_TEXTS } from '@dihs/contract/guthaben';
import { paymentStatusText } from '@dihs/contract/zahlung';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/button-link.tsx';
import { GuthabenBar } from '../../../components/guthaben-bar.tsx';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { useSession } from '../../../lib/session-context.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { getBuchungsPdf, useBuchung, useEigenesGuthaben } from '../api/guthaben-shop-api.ts';

/** The route's id, or null when it is not a positive whole number. */
function bookingId(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** /guthaben/{id}: the state of a credit booking after the payment (spec 2 "Booking status"). */
export function GuthabenBuchungPage() {
  const id = bookingId(useParams().id);
  // credit bookings are a patient's: other roles (the route needs only a login) get no links into the patient's shop,
  // and the page does not ask the patient-only endpoints what they would refuse: it is an unknown booking to them
  const isPatient = useSession().session?.role === 'PATIENT';
  const buchung = useBuchung(isPatient ? id : null);
  const status = buchung.data?.status;
  const guthaben = useEigenesGuthaben({ enabled: isPatient });
  const [pdfPending, setPdfPending] = useState(false);
  const [pdfFailure, setPdfFailure] = useState<string | null>(null);
  const refetchBalance = guthaben.refetch;

  // the credit arrives with the provider's confirmation: read the balance again when the status changes
  useEffect(() => {
    if (status) void refetchBalance();
  }, [status, refetchBalance]);

  async function pdf() {
    if (id === null) return;
    setPdfPending(true);
    try {
      saveFile(await getBuchungsPdf(id), `guthabenbestaetigung-${id}.pdf`);
    } catch (error) {
      setPdfFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setPdfPending(false);
    }
  }

  if (isPatient && id !== null && buchung.isPending) return <LoadingIndicator label="Buchung wird geladen" />;
  const data = buchung.data;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" sx={{ mb: 3, fontSize: { xs: '1.6rem', md: '2.2rem' } }}>
        {data ? GUTHABEN_TEXTS.buchungTitel(data.guthabenAngebot.titel) : CREDIT_MESSAGES.unbekannteBuchung}
      </Typography>
      {data && (
        <Stack spacing={3}>
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}
            >
              <Row label="Status" value={paymentStatusText(data.status)} />
              {data.transactionId && <Row label="Transaktionsnummer" value={data.transactionId} />}
              <Row label="Buchungsdatum" value={formatDateTimeUhr(data.buchungsdatum)} />
              {data.stornodatum && <Row label="Stornodatum" value={formatDateTimeUhr(data.stornodatum)} />}
            </Box>
          </Paper>
          {data.status === 'PENDING' && (
            <Alert
              severity="info"
              icon={<CircularProgress size={20} aria-hidden />}
              action={
                data.zahlungsLink ? (
                  <Button color="inherit" size="small" href={data.zahlungsLink}>
                    Zur Zahlung
                  </Button>
                ) : undefined
              }
            >
              Die Bestätigung des Zahlungsanbieters steht noch aus. Das Guthaben wird gutgeschrieben, sobald die Zahlung
              bestätigt ist.
            </Alert>
          )}
          {guthaben.data && <GuthabenBar guthaben={guthaben.data} title="Verbleibendes bezahltes Guthaben" />}
        </Stack>
      )}
      {isPatient && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4 }}>
          <ButtonLink to="/patient/guthaben" variant="outlined">
            {GUTHABEN_TEXTS.zurueckZumShop}
          </ButtonLink>
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            loading={pdfPending}
            disabled={!data}
            onClick={() => void pdf()}
          >
            {GUTHABEN_TEXTS.pdf}
          </Button>
          <ButtonLink to="/patient/termine" variant="contained">
            {GUTHABEN_TEXTS.sitzungBuchen}
          </ButtonLink>
        </Stack>
      )}
      <MessageDialog
        open={pdfFailure !== null}
        title="Fehler"
        text={pdfFailure ?? ''}
        onClose={() => setPdfFailure(null)}
      />
    </Container>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Typography component="dt" sx={{ fontWeight: 700 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {value}
      </Typography>
    </>
  );
}
