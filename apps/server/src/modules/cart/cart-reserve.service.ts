import { ACCOUNT_MESSAGES } from '@dihs/contract/accounts';
import { CART_MESSAGES, OFFENE_BUCHUNG_CODE, type Cart } from '@dihs/contract/cart';
import type { ErrorCode } from '@dihs/contract/common/errors';
import type { Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import { lockPatientForBooking } from '../profil/index.ts';
import { reserveBookingSeats, type TerminRow } from '../termin/index.ts';
import type { UserRow } from '../users/index.ts';
import { bookCart } from './cart-confirm.service.ts';
import { releaseExpiredOwnCart } from './cart-expire.service.ts';
import { paymentAddress } from './cart-pay.service.ts';
import {
  cardPrices,
  flushIfBooked,
  toCart,
  viewOf,
  type CardPrices,
  type CartContext,
  type CartPatient,
  type CartView,
} from './cart-view.ts';
import { decidePayment, refuseCard, type PaymentDecision, type ReserveMode } from './cart-zahlungsart.ts';
import { findOpenOwnCart, insertCartUnlessOpen, updateCart } from './cart.repository.ts';
import type { WarenkorbRow } from './cart.table.ts';

// The reserve step: a new cart takes its seats and credit in one transaction (a direct booking is booked at once).

const offeneBuchung = () => new HttpError(409, CART_MESSAGES.offeneBuchung, OFFENE_BUCHUNG_CODE as ErrorCode);

const isPatient = (account: UserRow | undefined): account is UserRow =>
  account !== undefined && account.role === 'PATIENT' && !account.deletedAt;

/** A patient sees (and may book) active future appointments without company or of the own company. */
const bookableFor = (termin: TerminRow, patient: CartPatient, now: Date) =>
  termin.status === 'AKTIV' && termin.datum > now && (termin.firmaId === null || termin.firmaId === patient.firmaId);

/**
 * Locks the patient's account once: one cart of a patient at a time, so the balance read later stays true until this
 * one commits. A patient booking needs a confirmed address (the flag comes with the locked row).
 */
async function lockPatient(tx: Transaction, userId: number, mode: ReserveMode): Promise<CartPatient> {
  const person = await lockPatientForBooking(tx, userId);
  const account = person?.user;
  if (mode !== 'betreiber') {
    if (!account || account.deletedAt) throw HttpError.notFound();
    if (!account.emailConfirmed) throw HttpError.forbidden(ACCOUNT_MESSAGES.emailNichtBestaetigt);
  }
  if (!isPatient(account)) throw HttpError.notFound('Unbekannter Patient.');
  const { id, email, firmaId } = account;
  return { id, email, firmaId, vorname: person?.profile?.vorname ?? '', nachname: person?.profile?.nachname ?? '' };
}

interface ReserveInput {
  patientUserId: number;
  createdByUserId: number;
  terminIds: number[];
  mode: ReserveMode;
  now: Date;
  timeoutMinutes: number;
  /** The release of an expired own cart was tried already: one still there blocks like any open cart. */
  expiredReleased?: boolean;
}

/** The patient's own open cart is past its time: createCart releases it in its own transaction and tries again. */
class ExpiredOpenCart extends Error {}

/**
 * Creates an OFFEN cart inside the caller's transaction: locks the patient, opens the cart, and has termin take the
 * seats (reserveBookingSeats: the appointments locked in id order, then the patient's ledger, the credit charged)
 * while this module's payment rule decides each item (FIRMA, REZEPT, ABO, GUTHABEN, KARTE) from the locked balance.
 * Any refusal throws, so the caller's transaction changes nothing. The card prices are read only when an item falls
 * to the card.
 */
async function reserveCart(
  tx: Transaction,
  input: ReserveInput,
): Promise<{ cart: WarenkorbRow; patient: CartPatient; view: CartView }> {
  const patient = await lockPatient(tx, input.patientUserId, input.mode);
  // one own open cart at a time: the insert is the check (the unique index of open own carts), so the cart is made
  // before the appointments are looked at; a refusal below rolls it back with everything else
  const cart = await insertCartUnlessOpen(tx, {
    patientUserId: patient.id,
    createdByUserId: input.createdByUserId,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + input.timeoutMinutes * 60_000),
  });
  if (!cart) {
    const open = await findOpenOwnCart(tx, patient.id);
    if (open && open.expiresAt <= input.now && !input.expiredReleased) throw new ExpiredOpenCart();
    throw offeneBuchung();
  }
  let prices: CardPrices | null = null;
  let amountCents = 0;
  const seats = await reserveBookingSeats(tx, {
    cartId: cart.id,
    patientUserId: patient.id,
    authorUserId: input.createdByUserId,
    terminIds: input.terminIds,
    status: 'RESERVIERT',
    now: input.now,
    // the payment rule, between the appointments' lock and the ledger's: each item from the balance still free
    decide: async (termine, balance) => {
      for (const termin of termine) {
        if (!bookableFor(termin, patient, input.now)) throw new HttpError(409, CART_MESSAGES.nichtSichtbar);
      }
      const remaining = { ...balance };
      const payments: PaymentDecision[] = [];
      for (const termin of termine) {
        let decision = decidePayment(termin, patient.firmaId, remaining, null);
        if (decision.zahlungsart === 'KARTE') {
          prices ??= await cardPrices(tx);
          decision = { ...decision, amountCents: prices[termin.termintyp] };
          amountCents += decision.amountCents ?? 0;
        }
        refuseCard(input.mode, termin, decision);
        payments.push(decision);
      }
      return payments;
    },
  });

  // the payment itself is opened by the caller (paymentAddress), like a retry
  const updated = amountCents > 0 ? await updateCart(tx, cart.id, { amountCents }) : cart;
  // the order seatsOfCart answers: by start, then appointment id
  seats.sort((a, b) => a.termin.datum.getTime() - b.termin.datum.getTime() || a.termin.id - b.termin.id);
  return { cart: updated, patient, view: await viewOf(tx, patient, seats, prices) };
}

/**
 * Creates a cart in one transaction that reads the patient (locked), the appointments (locked) and the balance once
 * and answers from those reads. A patient's or operator's cart stays OFFEN (card items: with its payment page); a
 * direct booking is covered (no card), so it is booked at once. An own expired cart the timeout job has not
 * released yet is released first and the cart made again, so it never blocks a booking.
 */
export async function createCart(
  ctx: CartContext,
  input: { patientUserId: number; createdByUserId: number; terminIds: number[]; mode: ReserveMode },
): Promise<Cart> {
  const now = ctx.now();
  const attempt = (expiredReleased: boolean) =>
    ctx.db.transaction(async (tx) => {
      const reserved = await reserveCart(tx, { ...input, now, timeoutMinutes: ctx.timeoutMinutes, expiredReleased });
      if (input.mode !== 'direkt') {
        // only a card amount opens a payment page (cart-pay.service.ts); a covered cart waits for its confirmation
        const card = reserved.cart.amountCents > 0;
        return { ...reserved, redirectUrl: card ? await paymentAddress(tx, reserved.cart, now, true) : null };
      }
      const booked = await bookCart(tx, reserved.cart, now, reserved.view);
      return { cart: booked.cart, view: { ...reserved.view, seats: booked.seats }, redirectUrl: null };
    });
  const { cart, view, redirectUrl } = await attempt(false)
    .catch(async (error: unknown) => {
      if (!(error instanceof ExpiredOpenCart)) throw error;
      await releaseExpiredOwnCart(ctx.db, input.patientUserId, now);
      return attempt(true);
    })
    .catch((error: unknown) => {
      // the index warenkorb_ein_offener, should a path ever pass the check above
      throw isUniqueViolation(error) ? offeneBuchung() : error;
    });
  flushIfBooked(ctx, cart);
  return toCart(cart, view, redirectUrl);
}
