import type { Cart } from '@dihs/contract/cart';
import { formatDateTimeUhr } from '@dihs/contract/common/time';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

export const OFFENE_BUCHUNG_TEXTE = {
  titel: 'Offene Buchung',
  fortsetzen: 'Buchung fortsetzen',
  freigeben: 'Buchung freigeben',
  freigegebenTitel: 'Buchung freigegeben',
  freigegeben: 'Die Plätze und Ihr Guthaben stehen wieder zur Verfügung.',
} as const;

const termineText = (n: number) => (n === 1 ? 'einen Termin' : `${n} Termine`);

/**
 * The patient's open cart, shown again after a reload or a closed tab (issue 15: "carts cannot trap credit"): continue
 * it in the cart dialog, or release its seats and credit at once.
 */
export function OffeneBuchung({
  cart,
  busy,
  onFortsetzen,
  onFreigeben,
}: {
  cart: Cart;
  busy: boolean;
  onFortsetzen: () => void;
  onFreigeben: () => void;
}) {
  const offen = cart.items.filter((item) => item.status !== 'STORNIERT').length;
  return (
    // a landmark of its own, so it can be found; polite (status), since it is there on load, not an event
    <Box component="section" aria-label={OFFENE_BUCHUNG_TEXTE.titel}>
      <Alert
        severity="warning"
        role="status"
        action={
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button variant="contained" color="primary" size="small" onClick={onFortsetzen} disabled={busy}>
              {OFFENE_BUCHUNG_TEXTE.fortsetzen}
            </Button>
            <Button variant="outlined" color="inherit" size="small" onClick={onFreigeben} disabled={busy}>
              {OFFENE_BUCHUNG_TEXTE.freigeben}
            </Button>
          </Stack>
        }
      >
        <AlertTitle component="h2">{OFFENE_BUCHUNG_TEXTE.titel}</AlertTitle>
        Sie haben {termineText(offen)} ausgewählt, aber noch nicht gebucht. Die Plätze sind bis{' '}
        {formatDateTimeUhr(cart.expiresAt)} für Sie reserviert; danach werden sie freigegeben.
      </Alert>
    </Box>
  );
}
