import { BUCHUNG_TEXTE, CART_MESSAGES, OFFENE_BUCHUNG_CODE, type Cart } from '@dihs/contract/cart';
import type { Termin } from '@dihs/contract/termin';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ComponentProps } from 'react';
import { isApiError } from '../../lib/api-client.ts';
import { cartApi, refreshCart, useOpenCart, useReturnedCart, type CartModus } from './api/cart-api.ts';
import type { CartDialog } from './components/cart-dialog.tsx';
import { OFFENE_BUCHUNG_TEXTE } from './components/offene-buchung.tsx';
import type { Meldung, StornoDialog } from './components/storno-dialog.tsx';

interface BookingOptions {
  modus: CartModus;
  /** The cart the payment page returned to (`?cart={id}`, see returnCartOf), 'ungueltig', or null. */
  returnCart: number | 'ungueltig' | null;
  /** The return came by the provider's cancel link (`?zahlung=abgebrochen`). */
  returnAbgebrochen: boolean;
  /** Where the booked appointments are found (the plan's "Gebuchte Termine"): the confirmation links there. */
  gebuchtLink: string;
  /** True while the page shows a dialog of its own: the returned cart waits until it is closed. */
  returnWaits: boolean;
  /** Shows a message (the page has one message dialog for all its actions). */
  melden: (meldung: Meldung) => void;
  /** The cart dialog closed (or the returned cart is unknown); gebucht: its appointments are booked now. */
  onCartClosed: (gebucht: boolean) => void;
}

type Offen = { kind: 'cart'; cart: Cart; phase: 'uebersicht' | 'ergebnis' } | { kind: 'storno'; termin: Termin } | null;

const fehlerText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Booking from the appointment plan (spec 2 section 4 "Booking flow", section 8 "Cancellation"): "Buchen" creates a
 * cart (or continues the open one), the cart dialog confirms or pays it, the open booking is continued or released,
 * a booked appointment is cancelled. Answers what the page renders: the open booking, the dialogs' props, busy.
 */
export function useBooking({
  modus,
  returnCart: returnParam,
  returnAbgebrochen,
  gebuchtLink,
  returnWaits,
  melden,
  onCartClosed,
}: BookingOptions) {
  const queryClient = useQueryClient();
  const api = useMemo(() => cartApi(modus), [modus]);
  const [offen, setOffen] = useState<Offen>(null);
  const [busy, setBusy] = useState(false);

  const returnCartId = typeof returnParam === 'number' ? returnParam : null;
  const returnCart = useReturnedCart(modus, returnCartId);
  // an id that is not one, or a cart the server does not know for this viewer (400, 404), or one that could not be
  // read: said once, the address cleaned (the open booking, if any, stays on the page)
  const returnFehler: Meldung | null =
    returnParam === 'ungueltig' || (returnCart.isError && isApiError(returnCart.error, 400, 404))
      ? { title: BUCHUNG_TEXTE.unbekanntTitel, text: BUCHUNG_TEXTE.unbekannt }
      : returnCart.isError
        ? { title: BUCHUNG_TEXTE.ladeFehlerTitel, text: BUCHUNG_TEXTE.ladeFehler }
        : null;
  useEffect(() => {
    if (!returnFehler) return;
    melden(returnFehler);
    onCartClosed(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per failed return; the callbacks change each render
  }, [returnFehler?.title]);
  // a cart left open by a reload or a closed tab: shown until it is booked, released or expired
  const openCart = useOpenCart(modus);
  const offeneBuchung = modus.kind === 'patient' && openCart.data?.status === 'OFFEN' ? openCart.data : null;

  // the cart reloads its own answers when a dialog closes or a call was refused; the seats, credit and subscription
  // that the cart's calls change are read again by their declarations' `changes` (lib/endpoint-query.ts)
  const changed = () => void refreshCart(queryClient);

  const fortsetzen = (cart: Cart) => setOffen({ kind: 'cart', cart, phase: 'uebersicht' });

  const buchen = async (terminIds: readonly number[]) => {
    // one open cart per patient: "Buchen" continues it (the server refuses a second one)
    if (offeneBuchung) {
      fortsetzen(offeneBuchung);
      return;
    }
    setBusy(true);
    try {
      fortsetzen(await api.create(terminIds));
    } catch (error) {
      if (isApiError(error, 409) && error.code === OFFENE_BUCHUNG_CODE) {
        // opened in another tab meanwhile: continue that one
        const open = (await openCart.refetch()).data;
        if (open) return fortsetzen(open);
      }
      // the server's message is German already, also for the missing credit of an operator booking
      melden({ title: CART_MESSAGES.buchungFehlerTitel, text: fehlerText(error) });
      changed();
    } finally {
      setBusy(false);
    }
  };

  const freigeben = async (cart: Cart) => {
    setBusy(true);
    try {
      await api.reset(cart.cartId);
      melden({ title: OFFENE_BUCHUNG_TEXTE.freigegebenTitel, text: OFFENE_BUCHUNG_TEXTE.freigegeben });
    } catch (error) {
      melden({ title: CART_MESSAGES.buchungFehlerTitel, text: fehlerText(error) });
    } finally {
      setBusy(false);
      changed();
    }
  };

  const cartClosed = (gebucht: boolean) => {
    setOffen(null);
    onCartClosed(gebucht);
    changed();
  };

  const returnShown =
    offen === null && !returnWaits && returnCartId !== null && returnCart.data?.cartId === returnCartId
      ? returnCart.data
      : null;
  const shownCart =
    offen?.kind === 'cart' ? offen : returnShown ? { cart: returnShown, phase: 'ergebnis' as const } : null;

  const cartDialog: ComponentProps<typeof CartDialog> | null = shownCart && {
    api,
    cart: shownCart.cart,
    initialPhase: shownCart.phase,
    zahlungAbgebrochen: shownCart.phase === 'ergebnis' && returnAbgebrochen,
    eigene: modus.kind === 'patient',
    gebuchtLink,
    onGebucht: changed,
    onClose: cartClosed,
  };
  const stornoDialog: ComponentProps<typeof StornoDialog> | null =
    offen?.kind === 'storno'
      ? {
          termin: offen.termin,
          onCancel: () => setOffen(null),
          onDone: (next) => {
            setOffen(null);
            melden(next);
            changed();
          },
        }
      : null;

  return {
    /** The open cart is still asked for (the page holds its first paint until it is known). */
    loading: openCart.isLoading,
    /** A cart call is under way: the page's buttons wait. */
    busy,
    /** The patient's open cart, when not booked, released or expired yet. */
    offeneBuchung,
    buchen,
    fortsetzen,
    freigeben,
    /** Asks to confirm the cancellation of a booked appointment. */
    stornieren: (termin: Termin) => setOffen({ kind: 'storno', termin }),
    /** The cart dialog's props while a cart is shown (after "Buchen", or on the return from the payment page). */
    cartDialog,
    /** The cancellation dialog's props while it is open. */
    stornoDialog,
  };
}
