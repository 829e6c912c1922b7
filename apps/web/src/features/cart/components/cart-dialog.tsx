import { BUCHUNG_TEXTE, CART_MESSAGES, ZAHLUNGSART_LABELS, type Cart, type CartItem } from '@dihs/contract/cart';
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
import { useEffect, useId, useState } from 'react';
import type { CartApi } from '../api/cart-api.ts';
import { anzeigeText, cartAnzeige, cartErgebnis, kannErneutZahlen } from '../cart-state.ts';
import { zahlungsseite } from '../zahlungsseite.ts';
import { BuchungBestaetigung } from './buchung-bestaetigung.tsx';

/** How often the cart is read back after the return from the payment page. */
export const CART_POLL_MS = 2000;
/** Reads that wait for the provider's confirmation of an open payment before the cart is called unpaid (~10 s). */
export const ZAHLUNG_WARTE_LESUNGEN = 5;

export type CartPhase = 'uebersicht' | 'weiterleitung' | 'ergebnis';

interface CartDialogProps {
  api: CartApi;
  cart: Cart;
  /** 'uebersicht' after booking; 'ergebnis' on the return from the payment page (?cart={id}). */
  initialPhase: 'uebersicht' | 'ergebnis';
  /** Back by the provider's cancel link (?zahlung=abgebrochen). */
  zahlungAbgebrochen?: boolean;
  /** The patient's own cart; false: an operator books for the cart's patient. */
  eigene: boolean;
  /** Where the booked appointments are found (the plan's "Gebuchte Termine"). */
  gebuchtLink: string;
  /** The cart is booked (confirmed, or read back as paid): the plan reloads at once, the confirmation stays. */
  onGebucht: () => void;
  /** Closed; gebucht: its appointments are booked. The plan reloads too, seats may have come free. */
  onClose: (gebucht: boolean) => void;
}

const postenZeile = (item: CartItem) =>
  [
    formatDateTimeUhr(item.datum),
    item.therapeut ? `bei ${item.therapeut}` : null,
    `Zahlung: ${ZAHLUNGSART_LABELS[item.paymentMethod]}${
      item.paymentMethod === 'KARTE' ? ` (${formatEuroCents(item.amountCents)})` : ''
    }`,
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * The booking cart (spec 2 "Booking cart dialog", section 4 "Booking flow"): the summary with confirm and reset. A
 * covered cart is booked at once; a card amount sends the whole tab to the payment page (issue 32: one flow, no
 * second window), whose return opens this dialog again from the server's state (`?cart={id}`). A booked cart shows
 * the confirmation; an unpaid one what happened, with retry and reset, and stays open otherwise (nothing is lost).
 */
export function CartDialog({
  api,
  cart: initialCart,
  initialPhase,
  zahlungAbgebrochen = false,
  eigene,
  gebuchtLink,
  onGebucht,
  onClose,
}: CartDialogProps) {
  const titleId = useId();
  const [phase, setPhase] = useState<CartPhase>(initialPhase);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [lesungen, setLesungen] = useState(0);
  const queryClient = useQueryClient();
  const queryKey = ['termine-plan', 'cart', initialCart.cartId];
  const setCart = (next: Cart) => queryClient.setQueryData(queryKey, next);

  // back from the payment page: the provider's confirmation (its webhook) may follow the browser, so an unpaid cart
  // is read again until it is decided or the dialog closes
  const [polling, setPolling] = useState(initialPhase === 'ergebnis' && cartErgebnis(initialCart) === 'offen');
  const readBack = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const next = await api.get(initialCart.cartId, signal);
      setLesungen((n) => n + 1);
      if (cartErgebnis(next) !== 'offen') setPolling(false);
      if (cartErgebnis(next) === 'bezahlt') onGebucht();
      return next;
    },
    initialData: initialCart,
    enabled: polling,
    refetchInterval: polling ? CART_POLL_MS : false,
    gcTime: 0,
  });
  const cart = readBack.data;

  // the browser's back button on the provider's page may restore this page from its cache, still forwarding: the
  // cart is read again and its state shown instead
  useEffect(() => {
    if (phase !== 'weiterleitung') return;
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setPhase('ergebnis');
      setPolling(true);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [phase]);
  const anzeige = cartAnzeige(cart, lesungen < ZAHLUNG_WARTE_LESUNGEN, zahlungAbgebrochen && phase === 'ergebnis');
  const gebucht = cartErgebnis(cart) === 'bezahlt';

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

  const confirm = () =>
    run(async () => {
      const next = await api.confirm(cart.cartId);
      setCart(next);
      if (next.redirectUrl && cartErgebnis(next) === 'offen') {
        // the tab leaves for the payment page; the cart (seats, credit, payment) waits on the server
        setPhase('weiterleitung');
        zahlungsseite.oeffnen(next.redirectUrl);
        return;
      }
      setPhase('ergebnis');
      if (cartErgebnis(next) === 'bezahlt') onGebucht();
    });

  const reset = () =>
    run(async () => {
      await api.reset(cart.cartId);
      onClose(false);
    });

  const close = () => onClose(gebucht);

  return (
    // the summary closes only by confirm or reset: a cart left open would hold its seats until the timeout
    <Dialog open aria-labelledby={titleId} fullWidth maxWidth="sm" onClose={phase === 'ergebnis' ? close : undefined}>
      <DialogTitle id={titleId}>{phase === 'ergebnis' && gebucht ? BUCHUNG_TEXTE.titel : 'Ihre Buchung'}</DialogTitle>
      <DialogContent>
        {phase === 'ergebnis' && gebucht ? (
          <BuchungBestaetigung cart={cart} eigene={eigene} gebuchtLink={gebuchtLink} onLink={close} />
        ) : cart.items.length === 0 ? (
          <Typography>{CART_MESSAGES.leer}</Typography>
        ) : (
          <List dense aria-label="Termine der Buchung">
            {cart.items.map((item) => (
              <ListItem key={item.terminId} disableGutters divider>
                <ListItemText
                  primary={`${item.terminName} – ${TERMINTYP_LABELS[item.termintyp]}`}
                  secondary={postenZeile(item)}
                />
              </ListItem>
            ))}
          </List>
        )}
        {phase === 'uebersicht' && cart.amountCents > 0 && (
          <Typography sx={{ mt: 2 }}>
            Zu bezahlen: <strong>{formatEuroCents(cart.amountCents)}</strong> (inkl. MwSt).{' '}
            {BUCHUNG_TEXTE.zahlungHinweis}
          </Typography>
        )}
        {phase === 'weiterleitung' && (
          <Alert severity="info" icon={<CircularProgress size={20} />} sx={{ mt: 2 }} role="status">
            {BUCHUNG_TEXTE.weiterleitung}
          </Alert>
        )}
        {phase === 'ergebnis' && anzeige !== 'bezahlt' && (
          <Alert
            severity={anzeige === 'pruefen' ? 'info' : 'warning'}
            icon={anzeige === 'pruefen' ? <CircularProgress size={20} /> : undefined}
            sx={{ mt: 2 }}
            role="status"
          >
            {anzeigeText(anzeige, cart)}
          </Alert>
        )}
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {phase !== 'ergebnis' && (
          <>
            <Button onClick={() => void reset()} disabled={pending || phase === 'weiterleitung'}>
              Zurücksetzen
            </Button>
            {cart.items.length === 0 ? (
              <Button onClick={() => onClose(false)} variant="contained">
                Schließen
              </Button>
            ) : (
              <Button
                onClick={() => void confirm()}
                disabled={pending || phase === 'weiterleitung'}
                variant="contained"
                autoFocus
              >
                Buchung bestätigen
              </Button>
            )}
          </>
        )}
        {phase === 'ergebnis' && (
          <>
            {anzeige !== 'pruefen' && cartErgebnis(cart) === 'offen' && (
              <Button onClick={() => void reset()} disabled={pending}>
                Zurücksetzen
              </Button>
            )}
            {anzeige !== 'pruefen' && kannErneutZahlen(cart) && (
              // confirming again answers the open payment's page, or a new attempt after a cancelled checkout
              <Button onClick={() => void confirm()} disabled={pending}>
                Erneut versuchen
              </Button>
            )}
            <Button onClick={close} variant="contained" autoFocus>
              Schließen
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
