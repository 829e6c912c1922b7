import { CART_MESSAGES, ZAHLUNGSART_LABELS, type Cart } from '@dihs/contract/cart';
import { formatEuroCents } from '@dihs/contract/common/money';
import { formatDateTimeUhr } from '@dihs/contract/common/time';
import { TERMINTYP_LABELS } from '@dihs/contract/termin';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import type { CartApi } from '../api/cart-api.ts';
import { cartErgebnis, ERGEBNIS_TEXTE, kannErneutZahlen } from '../cart-state.ts';

/** How often the cart is read back while a payment is open. */
export const CART_POLL_MS = 2000;

export type CartPhase = 'uebersicht' | 'zahlung' | 'ergebnis';

interface CartDialogProps {
  api: CartApi;
  cart: Cart;
  /** 'uebersicht' after booking; 'ergebnis' on the return from the payment page (?cart={id}). */
  initialPhase: 'uebersicht' | 'ergebnis';
  /** The cart is booked: reload the plan; melden when the dialog did not say so itself. */
  onGebucht: (melden: boolean) => void;
  /** Closed without booking (reset or a released cart): reload the plan too, seats came free. */
  onClose: () => void;
}

/**
 * The booking cart (spec 2 "Booking cart dialog", section 4 "Booking flow"): the summary with confirm and reset;
 * a card amount opens the payment page in a new window, and the cart is read back until it is paid, the window is
 * closed, or the user asks; an unpaid cart offers the payment page again.
 */
export function CartDialog({ api, cart: initialCart, initialPhase, onGebucht, onClose }: CartDialogProps) {
  const titleId = useId();
  const [phase, setPhase] = useState<CartPhase>(initialPhase);
  const [fensterZu, setFensterZu] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const paymentWindow = useRef<Window | null>(null);
  const queryClient = useQueryClient();
  const queryKey = ['termine-plan', 'cart', initialCart.cartId];
  const setCart = (next: Cart) => queryClient.setQueryData(queryKey, next);

  // the cart as last read: the provider's webhook books it shortly after the payment, so it is read back
  const [polling, setPolling] = useState(initialPhase === 'ergebnis' && cartErgebnis(initialCart) === 'offen');
  const readBack = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const next = await api.get(initialCart.cartId, signal);
      // a closed payment window ends the waiting: the read-back state is shown
      if (paymentWindow.current?.closed) setFensterZu(true);
      if (cartErgebnis(next) !== 'offen') setPolling(false);
      return next;
    },
    initialData: initialCart,
    enabled: polling,
    refetchInterval: polling ? CART_POLL_MS : false,
    gcTime: 0,
  });
  const cart = readBack.data;
  const ergebnis = cartErgebnis(cart);
  const shownPhase: CartPhase = phase === 'zahlung' && (ergebnis !== 'offen' || fensterZu) ? 'ergebnis' : phase;

  const run = async (action: () => Promise<void>) => {
    setPending(true);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setPending(false);
    }
  };

  const openPayment = (url: string) => {
    paymentWindow.current = window.open(url, '_blank');
    // a blocked pop-up: the unpaid state with its retry button (a click, which the browser allows) follows at once
    setFensterZu(false);
    setPhase(paymentWindow.current ? 'zahlung' : 'ergebnis');
    setPolling(true);
  };

  const confirm = () =>
    run(async () => {
      const next = await api.confirm(cart.cartId);
      setCart(next);
      if (next.redirectUrl && cartErgebnis(next) === 'offen') openPayment(next.redirectUrl);
      else onGebucht(true);
    });

  const reset = () =>
    run(async () => {
      await api.reset(cart.cartId);
      onClose();
    });

  const checkNow = () =>
    run(async () => {
      setCart(await api.get(cart.cartId));
      setPhase('ergebnis');
      setPolling(true);
    });

  const closeAfterResult = () => (ergebnis === 'bezahlt' ? onGebucht(false) : onClose());

  return (
    // the summary closes only by confirm or reset: a cart left open would hold its seats until the timeout
    <Dialog
      open
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      onClose={shownPhase === 'ergebnis' ? closeAfterResult : undefined}
    >
      <DialogTitle id={titleId}>Ihre Buchung</DialogTitle>
      <DialogContent>
        {cart.items.length === 0 ? (
          <Typography>{CART_MESSAGES.leer}</Typography>
        ) : (
          <List dense aria-label="Termine der Buchung">
            {cart.items.map((item) => (
              <ListItem key={item.terminId} disableGutters divider>
                <ListItemText
                  primary={`${item.terminName} – ${TERMINTYP_LABELS[item.termintyp]}`}
                  secondary={`${formatDateTimeUhr(item.datum)} · Zahlung: ${ZAHLUNGSART_LABELS[item.paymentMethod]}${
                    item.paymentMethod === 'KARTE' ? ` (${formatEuroCents(item.amountCents)})` : ''
                  }`}
                />
              </ListItem>
            ))}
          </List>
        )}
        {shownPhase === 'uebersicht' && cart.amountCents > 0 && (
          <Typography sx={{ mt: 2 }}>
            Zu bezahlen: <strong>{formatEuroCents(cart.amountCents)}</strong> (inkl. MwSt). Die Zahlung öffnet sich in
            einem neuen Fenster.
          </Typography>
        )}
        {shownPhase === 'zahlung' && (
          <Alert severity="info" icon={<CircularProgress size={20} />} sx={{ mt: 2 }} role="status">
            Bitte schließen Sie die Zahlung im neuen Fenster ab. Der Stand der Buchung wird automatisch abgefragt.
          </Alert>
        )}
        {shownPhase === 'ergebnis' && (
          <Alert severity={ergebnis === 'bezahlt' ? 'success' : 'warning'} sx={{ mt: 2 }} role="status">
            {ERGEBNIS_TEXTE[ergebnis]}
          </Alert>
        )}
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {shownPhase === 'uebersicht' && (
          <>
            <Button onClick={() => void reset()} disabled={pending}>
              Zurücksetzen
            </Button>
            {cart.items.length === 0 ? (
              <Button onClick={onClose} variant="contained">
                Schließen
              </Button>
            ) : (
              <Button onClick={() => void confirm()} disabled={pending} variant="contained" autoFocus>
                Buchung bestätigen
              </Button>
            )}
          </>
        )}
        {shownPhase === 'zahlung' && (
          <Button onClick={() => void checkNow()} disabled={pending} variant="contained">
            Zahlungsstand prüfen
          </Button>
        )}
        {shownPhase === 'ergebnis' && (
          <>
            {ergebnis === 'offen' && (
              <Button onClick={() => void reset()} disabled={pending}>
                Zurücksetzen
              </Button>
            )}
            {kannErneutZahlen(cart) && (
              // confirming again answers the open payment's page, or a new attempt after a cancelled checkout
              <Button onClick={() => void confirm()} disabled={pending}>
                Erneut versuchen
              </Button>
            )}
            <Button onClick={closeAfterResult} variant="contained" autoFocus>
              Schließen
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
