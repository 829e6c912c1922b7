import { CART_MESSAGES, type Cart, type CartItemStatus } from '@dihs/contract/cart';
import type { Database, Transaction } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { checkoutPath, createPayment, getLatestPaymentFor } from '../zahlung/index.ts';
import { bookCart, closeCart } from './cart-close.ts';
import { reserveCart, type ReserveMode } from './cart-reserve.ts';
import { cardPrices, findCart, findPatient, lockCartAndPayment, seatsOfCart, updateCart } from './cart.repository.ts';
import type { WarenkorbRow } from './cart.table.ts';

export interface CartContext {
  db: Database;
  now: () => Date;
  timeoutMinutes: number;
  mail: { flush(): Promise<void> };
}

/** Whose cart: a patient sees only the own carts (another's id is unknown to them); operators see every cart. */
export type CartViewer = { patientUserId: number } | 'betreiber';

const itemStatus = (status: string): CartItemStatus =>
  status === 'GEBUCHT' ? 'PAID' : status === 'STORNIERT' ? 'STORNIERT' : 'OFFEN';

/**
 * The cart as the dialog shows it. Item prices are today's card prices of the type (the cart stores only the
 * total it charged).
 */
async function toCart(db: Database | Transaction, cart: WarenkorbRow, redirectUrl: string | null): Promise<Cart> {
  const [patient, seats, prices] = await Promise.all([
    findPatient(db, cart.patientUserId),
    seatsOfCart(db, cart.id),
    cardPrices(db),
  ]);
  return {
    cartId: cart.id,
    status: cart.status,
    redirectUrl,
    vorname: patient?.vorname ?? '',
    nachname: patient?.nachname ?? '',
    amountCents: cart.amountCents,
    expiresAt: cart.expiresAt.toISOString(),
    items: seats.map(({ seat, termin }) => ({
      terminId: termin.id,
      terminName: termin.befund,
      termintyp: termin.termintyp,
      datum: termin.datum.toISOString(),
      status: itemStatus(seat.status),
      paymentMethod: seat.zahlungsart,
      amountCents: seat.zahlungsart === 'KARTE' ? (prices[termin.termintyp] ?? 0) : 0,
    })),
  };
}

const owns = (cart: WarenkorbRow, viewer: CartViewer) =>
  viewer === 'betreiber' || cart.patientUserId === viewer.patientUserId;

/** An OFFEN cart with a card amount that has not expired: it may still be paid. */
const payable = (cart: WarenkorbRow, now: Date) =>
  cart.status === 'OFFEN' && cart.amountCents > 0 && cart.expiresAt > now;

/** The checkout address of the cart's open (PENDING) payment, or null; reads only. */
async function openPaymentAddress(db: Database | Transaction, cart: WarenkorbRow, now: Date): Promise<string | null> {
  if (!payable(cart, now)) return null;
  const latest = await getLatestPaymentFor(db, 'WARENKORB', cart.id);
  return latest?.status === 'PENDING' ? checkoutPath(latest.checkoutToken) : null;
}

/**
 * The payment page of a payable cart. A payment the patient cancelled at the provider cannot be reopened there, so
 * a new attempt is created for the same cart (the dialog's retry goes through confirm, a POST).
 */
async function paymentAddress(tx: Transaction, cart: WarenkorbRow, now: Date): Promise<string | null> {
  if (!payable(cart, now)) return null;
  const open = await openPaymentAddress(tx, cart, now);
  if (open) return open;
  const { paymentId, redirectUrl } = await createPayment(tx, {
    userId: cart.patientUserId,
    purpose: 'WARENKORB',
    referenceId: cart.id,
    amountCents: cart.amountCents,
    description: `Terminbuchung (Warenkorb ${cart.id})`,
    returnPath: `/patient/termine?cart=${cart.id}`,
  });
  await updateCart(tx, cart.id, { zahlungId: paymentId });
  return redirectUrl;
}

/** Locks an own (or, for operators, any) cart with its payment; unknown or foreign: 404. */
async function lockOwnCart(tx: Transaction, cartId: number, viewer: CartViewer): Promise<WarenkorbRow> {
  const cart = await lockCartAndPayment(tx, cartId);
  if (!cart || cart === 'busy' || !owns(cart, viewer)) throw HttpError.notFound(CART_MESSAGES.unbekannt);
  return cart;
}

export async function createCart(
  ctx: CartContext,
  input: { patientUserId: number; createdByUserId: number; terminIds: number[]; mode: ReserveMode },
): Promise<Cart> {
  const now = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    const { cart } = await reserveCart(tx, { ...input, now, timeoutMinutes: ctx.timeoutMinutes });
    if (input.mode !== 'direkt') return { cart, redirectUrl: await paymentAddress(tx, cart, now) };
    // a direct booking is covered (no card), so it is booked at once
    return { cart: await bookCart(tx, cart, now), redirectUrl: null };
  });
  // sent in the background: the answer must not wait for a mail round (it would queue behind every other booking's mail)
  if (result.cart.status === 'BEZAHLT') ctx.mail.flush().catch(() => undefined);
  return toCart(ctx.db, result.cart, result.redirectUrl);
}

/** Reads a cart (the dialog polls it): redirectUrl is the open payment's page, null after a cancelled checkout. */
export async function getCart(ctx: CartContext, cartId: number, viewer: CartViewer): Promise<Cart> {
  const cart = await findCart(ctx.db, cartId);
  if (!cart || !owns(cart, viewer)) throw HttpError.notFound(CART_MESSAGES.unbekannt);
  return toCart(ctx.db, cart, await openPaymentAddress(ctx.db, cart, ctx.now()));
}

/**
 * Confirms a cart: without card amount every seat is booked at once; with one the payment page is answered (the
 * payment's webhook books it). A closed or expired cart: 409.
 */
export async function confirmCart(ctx: CartContext, cartId: number, viewer: CartViewer): Promise<Cart> {
  const now = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    const cart = await lockOwnCart(tx, cartId, viewer);
    if (cart.status === 'ABGELAUFEN' || (cart.status === 'OFFEN' && cart.expiresAt <= now)) {
      throw new HttpError(409, CART_MESSAGES.abgelaufen);
    }
    if (cart.status !== 'OFFEN') throw new HttpError(409, CART_MESSAGES.abgeschlossen);
    if (cart.amountCents > 0) return { cart, redirectUrl: await paymentAddress(tx, cart, now) };
    return { cart: await bookCart(tx, cart, now), redirectUrl: null };
  });
  // sent in the background: the answer must not wait for a mail round (it would queue behind every other booking's mail)
  if (result.cart.status === 'BEZAHLT') ctx.mail.flush().catch(() => undefined);
  return toCart(ctx.db, result.cart, result.redirectUrl);
}

/** Reset: cancels the payment, releases seats and credit; a closed cart is answered as it is. */
export async function resetCart(
  ctx: CartContext,
  cartId: number,
  viewer: CartViewer,
  authorUserId: number,
): Promise<Cart> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const cart = await lockOwnCart(tx, cartId, viewer);
    return toCart(tx, await closeCart(tx, cart, 'ABGEBROCHEN', { now, authorUserId }), null);
  });
}
