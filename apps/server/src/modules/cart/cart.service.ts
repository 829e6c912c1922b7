import { ACCOUNT_MESSAGES } from '@dihs/contract/accounts';
import {
  CART_MESSAGES,
  KEIN_GUTHABEN_CODES,
  OFFENE_BUCHUNG_CODE,
  TERMINPREIS_SETTING,
  type Cart,
  type CartItemStatus,
  type CartStatus,
} from '@dihs/contract/cart';
import type { ErrorCode } from '@dihs/contract/common/errors';
import { formatDateTimeUhr } from '@dihs/contract/common/time';
import type { CreditKind } from '@dihs/contract/guthaben';
import { TERMIN_MESSAGES, type Termintyp, type Zahlungsart } from '@dihs/contract/termin';
import type { Database, Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import { addLedgerEntries, lockedBalance, spendLockedBalance, type LedgerEntryInput } from '../guthaben/index.ts';
import {
  confirmSeat,
  lockTermineInOrder,
  releaseSeat,
  releaseSeatWithRefund,
  reserveSeat,
  seatsOfCart,
  type CartSeat,
  type TerminRow,
} from '../termin/index.ts';
import { findPersonInfo, lockPatientForBooking } from '../profil/index.ts';
import { type UserRow } from '../users/index.ts';
import { getSettings } from '../verwaltung/index.ts';
import { cancelPayment, checkoutPath, createPayment, getLatestPaymentFor } from '../zahlung/index.ts';
import { enqueueBookingMail } from './cart-mail.ts';
import {
  findCart,
  findOpenOwnCart,
  insertCartUnlessOpen,
  lockCartAndPayment,
  setCartClosed,
  updateCart,
} from './cart.repository.ts';
import type { WarenkorbRow } from './cart.table.ts';

// One file for the cart's rules and transactions: each step gets the patient, seats and prices its caller already
// read in the same transaction instead of reading them again.

export interface CartContext {
  db: Database;
  now: () => Date;
  timeoutMinutes: number;
  mail: { flush(): Promise<void> };
}

/** Whose cart: a patient sees only the own carts (another's id is unknown to them); operators see every cart. */
export type CartViewer = { patientUserId: number } | 'betreiber';

/**
 * Who books: the patient (card payment allowed), the operator for a patient (credit only; a missing credit is the
 * KEIN_*_GUTHABEN error of spec 2 section 8), or the patient's direct booking of one covered appointment.
 */
export type ReserveMode = 'patient' | 'betreiber' | 'direkt';

/** A patient account with its name: who books, who gets the confirmation mail. */
export interface CartPatient {
  id: number;
  email: string;
  firmaId: number | null;
  vorname: string;
  nachname: string;
}

type CardPrices = Record<Termintyp, number | null>;

/**
 * What the answer shows besides the cart row; read once in the transaction that changed the cart. The card prices
 * only for a cart with card items (null: none read, none needed).
 */
interface CartView {
  patient: CartPatient | undefined;
  seats: CartSeat[];
  prices: CardPrices | null;
}

// ---- reads -------------------------------------------------------------------------------------------------------

const isPatient = (account: UserRow | undefined): account is UserRow =>
  account !== undefined && account.role === 'PATIENT' && !account.deletedAt;

/**
 * A patient account that is not deleted, with its name (one statement: account and profile together); undefined
 * otherwise (no mail to a deleted account).
 */
async function findPatient(db: Database | Transaction, userId: number): Promise<CartPatient | undefined> {
  const person = await findPersonInfo(db, userId);
  if (!person || person.role !== 'PATIENT' || person.deletedAt) return undefined;
  const { id, email, firmaId } = person;
  return { id, email, firmaId, vorname: person.vorname ?? '', nachname: person.nachname ?? '' };
}

/** The card prices per type, one query; a type without a price cannot be paid by card. */
async function cardPrices(db: Database | Transaction): Promise<CardPrices> {
  const settings = await getSettings(db, Object.values(TERMINPREIS_SETTING));
  const entries = (Object.entries(TERMINPREIS_SETTING) as [Termintyp, keyof typeof settings][]).map(
    ([typ, key]) => [typ, settings[key]] as const,
  );
  return Object.fromEntries(entries) as CardPrices;
}

/** The card prices when a seat of the cart is paid by card; null otherwise (one round trip less per booking). */
const pricesFor = async (db: Database | Transaction, seats: CartSeat[]): Promise<CardPrices | null> =>
  seats.some(({ seat }) => seat.zahlungsart === 'KARTE') ? cardPrices(db) : null;

/** One after the other: a transaction's client runs one query at a time (pg refuses overlapping queries). */
const readView = async (db: Database | Transaction, cart: WarenkorbRow): Promise<CartView> => {
  const patient = await findPatient(db, cart.patientUserId);
  const seats = await seatsOfCart(db, cart.id);
  return { patient, seats, prices: await pricesFor(db, seats) };
};

const itemStatus = (status: string): CartItemStatus =>
  status === 'GEBUCHT' ? 'PAID' : status === 'STORNIERT' ? 'STORNIERT' : 'OFFEN';

/**
 * The cart as the dialog shows it. Item prices are today's card prices of the type (the cart stores only the
 * total it charged).
 */
function toCart(cart: WarenkorbRow, { patient, seats, prices }: CartView, redirectUrl: string | null): Cart {
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
      amountCents: seat.zahlungsart === 'KARTE' ? (prices?.[termin.termintyp] ?? 0) : 0,
    })),
  };
}

// ---- payment method ----------------------------------------------------------------------------------------------

/** The credit kinds that can pay an appointment type (telephone and anamnesis appointments only as paid credit). */
const CREDIT_KINDS_OF: Record<Termintyp, { rezept?: CreditKind; abo?: CreditKind; bezahlt: CreditKind }> = {
  EINZEL: { rezept: 'rezeptEinzelTermin', abo: 'aboEinzelTermin', bezahlt: 'bezahltEinzelTermin' },
  GRUPPE: { rezept: 'rezeptGruppenTermin', abo: 'aboGruppenTermin', bezahlt: 'bezahltGruppenTermin' },
  BEFUND: { rezept: 'rezeptBefundTermin', abo: 'aboBefundTermin', bezahlt: 'bezahltBefundTermin' },
  TELEFON: { bezahlt: 'bezahltTelefonTermin' },
  ANAMNESE: { bezahlt: 'bezahltAnamneseTermin' },
};

/** The paid credit of a type: what a card-paid seat returns on cancellation, and what a late payment grants. */
export const paidCreditKindOf = (typ: Termintyp): CreditKind => CREDIT_KINDS_OF[typ].bezahlt;

export interface PaymentDecision {
  zahlungsart: Zahlungsart;
  creditKind: CreditKind | null;
  /** Card price in cents (KARTE only), null when no price is set. */
  amountCents: number | null;
}

/**
 * Decides how one appointment is paid, in the fixed order FIRMA (an appointment of the patient's own company),
 * REZEPT, ABO, GUTHABEN (paid credit), KARTE. `remaining` is the balance still free in this cart and is lowered
 * for each credit taken, so several items of a cart never plan the same credit twice.
 */
export function decidePayment(
  termin: { termintyp: Termintyp; firmaId: number | null },
  patientFirmaId: number | null,
  remaining: Record<CreditKind, number>,
  cardPriceCents: number | null,
): PaymentDecision {
  if (termin.firmaId !== null && termin.firmaId === patientFirmaId) {
    return { zahlungsart: 'FIRMA', creditKind: null, amountCents: 0 };
  }
  const kinds = CREDIT_KINDS_OF[termin.termintyp];
  const order: [Zahlungsart, CreditKind | undefined][] = [
    ['REZEPT', kinds.rezept],
    ['ABO', kinds.abo],
    ['GUTHABEN', kinds.bezahlt],
  ];
  for (const [zahlungsart, kind] of order) {
    if (kind && remaining[kind] > 0) {
      remaining[kind] -= 1;
      return { zahlungsart, creditKind: kind, amountCents: 0 };
    }
  }
  return { zahlungsart: 'KARTE', creditKind: kinds.bezahlt, amountCents: cardPriceCents };
}

/** The operator's error: the code is the spec's error word, the message names it (spec 2 section 8). */
const missingCredit = (typ: Termintyp) => {
  const code = KEIN_GUTHABEN_CODES[typ];
  // the spec's error words are not platform error codes, but the envelope's code field carries them alike
  return new HttpError(409, CART_MESSAGES.guthabenFehlt(typ), code as ErrorCode);
};

const offeneBuchung = () => new HttpError(409, CART_MESSAGES.offeneBuchung, OFFENE_BUCHUNG_CODE as ErrorCode);

function refuseCard(mode: ReserveMode, termin: TerminRow, decision: PaymentDecision): void {
  if (decision.zahlungsart !== 'KARTE') return;
  if (mode === 'betreiber') throw missingCredit(termin.termintyp);
  if (mode === 'direkt') throw new HttpError(409, CART_MESSAGES.nurGuthaben);
  if (decision.amountCents === null) throw new HttpError(409, CART_MESSAGES.keinPreis);
}

// ---- reserve -----------------------------------------------------------------------------------------------------

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
 * Creates an OFFEN cart inside the caller's transaction: locks the patient, the appointments (in id order) and the
 * patient's ledger (in the order of every path that frees seats with a refund: appointment, then ledger), decides
 * each item's payment method (FIRMA, REZEPT, ABO, GUTHABEN, KARTE) from the balance read under that lock, reserves
 * every seat, takes the credit and records the card amount. Any refusal throws, so the caller's transaction changes
 * nothing. The card prices are read only when an item falls to the card.
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
  const ids = [...new Set(input.terminIds)].sort((a, b) => a - b);
  const termine = await lockTermineInOrder(tx, ids);
  if (termine.length !== ids.length) throw HttpError.notFound(TERMIN_MESSAGES.unbekannt);
  for (const termin of termine) {
    if (!bookableFor(termin, patient, input.now)) throw new HttpError(409, CART_MESSAGES.nichtSichtbar);
  }

  const balance = await lockedBalance(tx, patient.id);
  const remaining = { ...balance };
  let prices: CardPrices | null = null;
  const decisions: { termin: TerminRow; decision: PaymentDecision }[] = [];
  for (const termin of termine) {
    let decision = decidePayment(termin, patient.firmaId, remaining, null);
    if (decision.zahlungsart === 'KARTE') {
      prices ??= await cardPrices(tx);
      decision = { ...decision, amountCents: prices[termin.termintyp] };
    }
    refuseCard(input.mode, termin, decision);
    decisions.push({ termin, decision });
  }

  const seats: CartSeat[] = [];
  const debits: LedgerEntryInput[] = [];
  let amountCents = 0;
  for (const { termin, decision } of decisions) {
    const seat = await reserveSeat(tx, {
      terminId: termin.id,
      patientUserId: patient.id,
      zahlungsart: decision.zahlungsart,
      creditKind: decision.creditKind,
      cartId: cart.id,
      status: 'RESERVIERT',
      now: input.now,
    });
    seats.push({ seat, termin });
    if (decision.zahlungsart === 'KARTE') amountCents += decision.amountCents ?? 0;
    else if (decision.creditKind) {
      debits.push({
        patientUserId: patient.id,
        kind: decision.creditKind,
        delta: -1,
        reason: `Terminbuchung: ${termin.befund} am ${formatDateTimeUhr(termin.datum)}`,
        reference: `warenkorb:${cart.id}`,
        idempotencyKey: `termin-sitz-belastung:${seat.id}`,
        authorUserId: input.createdByUserId,
      });
    }
  }
  // the decisions never plan more than the locked balance holds
  await spendLockedBalance(tx, balance, debits);

  // the payment itself is opened by the caller (paymentAddress), like a retry
  const updated = amountCents > 0 ? await updateCart(tx, cart.id, { amountCents }) : cart;
  // the order seatsOfCart answers: by start, then appointment id
  seats.sort((a, b) => a.termin.datum.getTime() - b.termin.datum.getTime() || a.termin.id - b.termin.id);
  return { cart: updated, patient, view: { patient, seats, prices } };
}

// ---- book and close ----------------------------------------------------------------------------------------------

/**
 * Books an OFFEN cart: every reserved seat becomes GEBUCHT, the cart BEZAHLT, the confirmation mail enqueued. With
 * the card payment that paid it (`paymentId`), a card item whose seat was freed meanwhile (the operator cancelled
 * the appointment) becomes one paid credit of its type: the money is never lost. `seats` and `patient` are the
 * caller's reads of this transaction (the patient undefined for a deleted account: no mail).
 */
export async function bookCart(
  tx: Transaction,
  cart: WarenkorbRow,
  now: Date,
  known: { seats: CartSeat[]; patient: CartPatient | undefined },
  paymentId?: number,
): Promise<{ cart: WarenkorbRow; seats: CartSeat[] }> {
  if (cart.status !== 'OFFEN') return { cart, seats: known.seats };
  let seats = known.seats;
  let released = false;
  const confirmed = new Set<number>();
  for (const { seat, termin } of seats) {
    if (seat.status === 'RESERVIERT') {
      if (await confirmSeat(tx, seat.id)) confirmed.add(seat.id);
      else released = true;
    } else if (seat.status === 'STORNIERT' && seat.zahlungsart === 'KARTE' && paymentId !== undefined) {
      await creditPaidItem(tx, cart.patientUserId, termin, paymentId);
    }
  }
  // a seat released between the read and its confirmation (rare): read the cart's seats again for the truth
  seats = released
    ? await seatsOfCart(tx, cart.id)
    : seats.map((item) =>
        confirmed.has(item.seat.id) ? { ...item, seat: { ...item.seat, status: 'GEBUCHT' } } : item,
      );
  const booked = seats.filter(({ seat }) => seat.status === 'GEBUCHT');
  if (known.patient) await enqueueBookingMail(tx, known.patient, booked, now);
  return { cart: await setCartClosed(tx, cart.id, 'BEZAHLT' satisfies CartStatus, now), seats };
}

/** One paid credit for a card item that was paid but could not be booked (once per payment and appointment). */
export async function creditPaidItem(
  tx: Transaction,
  patientUserId: number,
  termin: TerminRow,
  paymentId: number,
): Promise<void> {
  await addLedgerEntries(tx, [
    {
      patientUserId,
      kind: paidCreditKindOf(termin.termintyp),
      delta: 1,
      reason: `Bezahlter Termin nicht buchbar: ${termin.befund}`,
      reference: `zahlung:${paymentId}`,
      idempotencyKey: `warenkorb-zahlung:${paymentId}:${termin.id}`,
    },
  ]);
}

const CLOSE_REASONS: Record<'ABGEBROCHEN' | 'ABGELAUFEN', string> = {
  ABGEBROCHEN: 'Terminbuchung abgebrochen',
  ABGELAUFEN: 'Reservierung abgelaufen',
};

/**
 * Ends an OFFEN cart without booking (reset, timeout, patient deletion), inside the caller's transaction that
 * holds the payment and cart locks: the open payment is cancelled, every seat released and its credit returned by
 * the one seat rule. Without `refund` (deleted account) the seats are only freed. Answers the cart and its seats
 * as they are afterwards.
 */
export async function closeCart(
  tx: Transaction,
  cart: WarenkorbRow,
  status: 'ABGEBROCHEN' | 'ABGELAUFEN',
  input: { now: Date; authorUserId?: number | null; refund?: boolean },
): Promise<{ cart: WarenkorbRow; seats: CartSeat[] }> {
  const seats = await seatsOfCart(tx, cart.id);
  if (cart.status !== 'OFFEN') return { cart, seats };
  if (cart.zahlungId !== null) await cancelPayment(tx, cart.zahlungId);
  const open = seats
    .filter(({ seat }) => seat.status !== 'STORNIERT')
    // appointment id order, like every other path that changes appointment rows
    .sort((a, b) => a.termin.id - b.termin.id);
  const after = new Map<number, CartSeat['seat']>();
  for (const { seat } of open) {
    const releasedSeat =
      input.refund === false
        ? await releaseSeat(tx, seat.id, input.now)
        : (
            await releaseSeatWithRefund(tx, seat.id, {
              now: input.now,
              reason: CLOSE_REASONS[status],
              reference: `warenkorb:${cart.id}`,
              authorUserId: input.authorUserId ?? null,
            })
          )?.seat;
    // undefined: released by someone else meanwhile, so STORNIERT all the same
    after.set(seat.id, releasedSeat ?? { ...seat, status: 'STORNIERT' });
  }
  return {
    cart: await setCartClosed(tx, cart.id, status, input.now),
    seats: seats.map((item) => ({ ...item, seat: after.get(item.seat.id) ?? item.seat })),
  };
}

// ---- the endpoints' services -------------------------------------------------------------------------------------

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
 * a new attempt is created for the same cart (the dialog's retry goes through confirm, a POST). A cart created in
 * this transaction has no payment yet (`isNew`), so none is looked up.
 */
async function paymentAddress(tx: Transaction, cart: WarenkorbRow, now: Date, isNew = false): Promise<string | null> {
  if (!payable(cart, now)) return null;
  const open = isNew ? null : await openPaymentAddress(tx, cart, now);
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

/** Sent in the background: the answer must not wait for a mail round (it would queue behind every other booking's). */
const flushIfBooked = (ctx: CartContext, cart: WarenkorbRow) => {
  if (cart.status === 'BEZAHLT') ctx.mail.flush().catch(() => undefined);
};

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
        return { ...reserved, redirectUrl: await paymentAddress(tx, reserved.cart, now, true) };
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

/**
 * An own cart past its time that the timeout job has not released yet is released before a new one is made (its
 * own transaction, in the job's lock order: payment, cart), so an expired cart never blocks a booking.
 */
async function releaseExpiredOwnCart(db: Database, patientUserId: number, now: Date): Promise<void> {
  const open = await findOpenOwnCart(db, patientUserId);
  if (!open || open.expiresAt > now) return;
  await db.transaction(async (tx) => {
    const cart = await lockCartAndPayment(tx, open.id);
    if (cart && cart !== 'busy' && cart.status === 'OFFEN' && cart.expiresAt <= now) {
      await closeCart(tx, cart, 'ABGELAUFEN', { now });
    }
  });
}

/** The patient's own open cart that still holds seats and credit (not past its time), or undefined. */
export async function findOpenCart(db: Database, patientUserId: number, now: Date): Promise<WarenkorbRow | undefined> {
  const cart = await findOpenOwnCart(db, patientUserId);
  return cart && cart.expiresAt > now ? cart : undefined;
}

/** GET /cart/patient/offen: the open booking as the dialog shows it, or null. */
export async function getOpenCart(ctx: CartContext, patientUserId: number): Promise<Cart | null> {
  const now = ctx.now();
  const cart = await findOpenCart(ctx.db, patientUserId, now);
  if (!cart) return null;
  const [view, redirectUrl] = await Promise.all([readView(ctx.db, cart), openPaymentAddress(ctx.db, cart, now)]);
  return toCart(cart, view, redirectUrl);
}

/** Reads a cart (the dialog polls it): redirectUrl is the open payment's page, null after a cancelled checkout. */
export async function getCart(ctx: CartContext, cartId: number, viewer: CartViewer): Promise<Cart> {
  const cart = await findCart(ctx.db, cartId);
  if (!cart || !owns(cart, viewer)) throw HttpError.notFound(CART_MESSAGES.unbekannt);
  const [view, redirectUrl] = await Promise.all([readView(ctx.db, cart), openPaymentAddress(ctx.db, cart, ctx.now())]);
  return toCart(cart, view, redirectUrl);
}

/**
 * Confirms a cart: without card amount every seat is booked at once; with one the payment page is answered (the
 * payment's webhook books it). A closed or expired cart: 409.
 */
export async function confirmCart(ctx: CartContext, cartId: number, viewer: CartViewer): Promise<Cart> {
  const now = ctx.now();
  const { cart, view, redirectUrl } = await ctx.db.transaction(async (tx) => {
    const locked = await lockOwnCart(tx, cartId, viewer);
    if (locked.status === 'ABGELAUFEN' || (locked.status === 'OFFEN' && locked.expiresAt <= now)) {
      throw new HttpError(409, CART_MESSAGES.abgelaufen);
    }
    if (locked.status !== 'OFFEN') throw new HttpError(409, CART_MESSAGES.abgeschlossen);
    const read = await readView(tx, locked);
    if (locked.amountCents > 0) return { cart: locked, view: read, redirectUrl: await paymentAddress(tx, locked, now) };
    const booked = await bookCart(tx, locked, now, read);
    return { cart: booked.cart, view: { ...read, seats: booked.seats }, redirectUrl: null };
  });
  flushIfBooked(ctx, cart);
  return toCart(cart, view, redirectUrl);
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
    const closed = await closeCart(tx, await lockOwnCart(tx, cartId, viewer), 'ABGEBROCHEN', { now, authorUserId });
    const patient = await findPatient(tx, closed.cart.patientUserId);
    return toCart(closed.cart, { patient, seats: closed.seats, prices: await pricesFor(tx, closed.seats) }, null);
  });
}

/** Reads the patient of a cart for its booking mail (payment listener); undefined for a deleted account. */
export const patientOfCart = (tx: Transaction, cart: WarenkorbRow) => findPatient(tx, cart.patientUserId);
