import { BUCHUNG_TEXTE, type Cart } from '@dihs/contract/cart';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

interface BuchungBestaetigungProps {
  cart: Cart;
  /** The patient's own booking; false: an operator booked for the cart's patient. */
  eigene: boolean;
  /** The plan's "Gebuchte Termine". */
  gebuchtLink: string;
  /** Following the link ends the dialog (the plan then shows the booked appointments). */
  onLink: () => void;
}

/**
 * The confirmation of a booked cart (issue 32 item 3): what was booked, when and with whom, and where the
 * appointments are found, in one status message so that a screen reader reads it as a whole.
 */
export function BuchungBestaetigung({ cart, eigene, gebuchtLink, onLink }: BuchungBestaetigungProps) {
  const fuer = eigene ? null : `${cart.vorname} ${cart.nachname}`.trim() || '(ohne Namen)';
  const gebucht = cart.items.filter((item) => item.status === 'PAID');
  const wo = BUCHUNG_TEXTE.wo(fuer);
  return (
    <Alert severity="success" role="status">
      <AlertTitle>{BUCHUNG_TEXTE.gebucht(gebucht.length, fuer)}</AlertTitle>
      <Box component="ul" sx={{ m: 0, mb: 1.5, pl: 2.5 }}>
        {gebucht.map((item) => (
          <li key={item.terminId}>{BUCHUNG_TEXTE.posten(item)}</li>
        ))}
      </Box>
      <Typography variant="body2">
        {wo.vor}
        <Link component={RouterLink} to={gebuchtLink} onClick={onLink}>
          {wo.link}
        </Link>
        {wo.nach}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {BUCHUNG_TEXTE.mail(fuer)}
      </Typography>
    </Alert>
  );
}
