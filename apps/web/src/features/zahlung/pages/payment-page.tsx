import { formatEuroCents } from '@dihs/contract/common/money';
import { formatDateTimeUhr } from '@dihs/contract/common/time';
import { PAYMENT_PURPOSE_LABELS, PAYMENT_TEXTS, paymentStatusText, type Zahlung } from '@dihs/contract/zahlung';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { useSession } from '../../../lib/session-context.ts';
import { ButtonLink } from '../../../components/button-link.tsx';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useZahlung } from '../api/zahlung-api.ts';

// patients see this page: no technical words (issue 15)
const PROVIDER_LABELS = { sandbox: 'Testzahlung', stripe: 'Kartenzahlung' } as const;

function paymentId(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : -1;
}

/**
 * /payment/redirect and /payment/{id}: where the payment provider sends the browser back (spec 2 "Payment redirect
 * page"). The status text and every field of the newest (or the named) payment of the logged-in user.
 */
export function PaymentPage() {
  const id = paymentId(useParams().id);
  const { session } = useSession();
  const zahlung = useZahlung(id, session !== null && id !== -1);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" sx={{ mb: 3, fontSize: { xs: '1.6rem', md: '2.2rem' } }}>
        {PAYMENT_TEXTS.redirectTitel}
      </Typography>
      {!session ? (
        <Alert severity="info">Bitte melden Sie sich an, um Ihren Bezahlvorgang zu sehen.</Alert>
      ) : id === -1 || (zahlung.isError && isApiError(zahlung.error, 404, 400)) ? (
        <Alert severity="warning">Dieser Bezahlvorgang ist unbekannt.</Alert>
      ) : zahlung.isPending ? (
        <LoadingIndicator label="Bezahlvorgang wird geladen" />
      ) : zahlung.isError ? (
        <Alert severity="error">Der Bezahlvorgang konnte nicht geladen werden.</Alert>
      ) : zahlung.data === null ? (
        <Typography>{PAYMENT_TEXTS.keiner}</Typography>
      ) : (
        <ZahlungDetails zahlung={zahlung.data} />
      )}
    </Container>
  );
}

function ZahlungDetails({ zahlung }: { zahlung: Zahlung }) {
  const severity = zahlung.status === 'PAID' ? 'success' : zahlung.status === 'PENDING' ? 'info' : 'warning';
  const rows: [string, string][] = [
    ['Zahlungsnummer', String(zahlung.zahlungId)],
    ['Beschreibung', zahlung.beschreibung],
    ['Betrag', `${formatEuroCents(zahlung.betragCent)} inkl. MwSt`],
    ['Art', PAYMENT_PURPOSE_LABELS[zahlung.zweck]],
    ['Zahlungsanbieter', zahlung.anbieter ? PROVIDER_LABELS[zahlung.anbieter] : 'noch nicht gewählt'],
    ['Transaktionsnummer', zahlung.transaktionsnummer ?? '–'],
    ['Angelegt am', formatDateTimeUhr(zahlung.erstelltAm)],
    ['Zuletzt geändert am', formatDateTimeUhr(zahlung.aktualisiertAm)],
  ];
  return (
    <Stack spacing={3}>
      <Alert severity={severity} role="status">
        {paymentStatusText(zahlung.status)}
      </Alert>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}
        >
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" sx={{ fontWeight: 700 }}>
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Paper>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {zahlung.zahlungsLink && (
          <Button variant="contained" href={zahlung.zahlungsLink}>
            Zahlung fortsetzen
          </Button>
        )}
        {zahlung.zurueck !== `/payment/${zahlung.zahlungId}` && (
          <ButtonLink to={zahlung.zurueck} variant="outlined">
            Weiter
          </ButtonLink>
        )}
      </Stack>
    </Stack>
  );
}
