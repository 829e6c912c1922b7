import { CART_MESSAGES, TERMINPREIS_SETTING, type Cart, type CartItemStatus } from '@dihs/contract/cart';
import type { Termintyp } from '@dihs/contract/termin';
import type { Database, Transaction } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { findPersonInfo, fullName } from '../profil/index.ts';
import { seatsOfCart, type CartSeat } from '../termin/index.ts';
import { getSettings } from '../verwaltung/index.ts';
import { lockCartAndPayment } from './cart.repository.ts';
import type { WarenkorbRow } from './cart.table.ts';

// What every step of the cart shares (reserve, pay, confirm, expire: cart-*.service.ts): who may see a cart, the
// reads of its answer and the answer itself. Each step gets the patient, seats and prices its caller already read in
// the same transaction instead of reading them again.

export interface CartContext {
  db: Database;
  now: () => Date;
  timeoutMinutes: number;
  mail: { flush(): Promise<void> };
}

/** Whose cart: a patient sees only the own carts (another's id is unknown to them); operators see every cart. */
export type CartViewer = { patientUserId: number } | 'betreiber';

/** A patient account with its name: who books, who gets the confirmation mail. */
export interface CartPatient {
  id: number;
  email: string;
  firmaId: number | null;
  vorname: string;
  nachname: string;
}

export type CardPrices = Record<Termintyp, number | null>;

/**
 * What the answer shows besides the cart row; read once in the transaction that changed the cart. The card prices
 * only for a cart with card items (null: none read, none needed). The therapists' names by user id: the booking's
 * confirmation says with whom.
 */
export interface CartView {
  patient: CartPatient | undefined;
  seats: CartSeat[];
  prices: CardPrices | null;
  therapeuten: ReadonlyMap<number, string>;
}

/**
 * A patient account that is not deleted, with its name (one statement: account and profile together); undefined
 * otherwise (no mail to a deleted account).
 */
export async function findPatient(db: Database | Transaction, userId: number): Promise<CartPatient | undefined> {
  const person = await findPersonInfo(db, userId);
  if (!person || person.role !== 'PATIENT' || person.deletedAt) return undefined;
  const { id, email, firmaId } = person;
  return { id, email, firmaId, vorname: person.vorname ?? '', nachname: person.nachname ?? '' };
}

/** The card prices per type, one query; a type without a price cannot be paid by card. */
export async function cardPrices(db: Database | Transaction): Promise<CardPrices> {
  const settings = await getSettings(db, Object.values(TERMINPREIS_SETTING));
  const entries = (Object.entries(TERMINPREIS_SETTING) as [Termintyp, keyof typeof settings][]).map(
    ([typ, key]) => [typ, settings[key]] as const,
  );
  return Object.fromEntries(entries) as CardPrices;
}

/** The card prices when a seat of the cart is paid by card; null otherwise (one round trip less per booking). */
export const pricesFor = async (db: Database | Transaction, seats: CartSeat[]): Promise<CardPrices | null> =>
  seats.some(({ seat }) => seat.zahlungsart === 'KARTE') ? cardPrices(db) : null;

/**
 * The names of the seats' therapists, one read per therapist (a booking has few). One after the other: a
 * transaction's client runs one query at a time (pg refuses overlapping queries).
 */
export async function therapistNames(db: Database | Transaction, seats: CartSeat[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (const id of new Set(seats.map(({ termin }) => termin.therapeutUserId))) {
    const person = await findPersonInfo(db, id);
    names.set(id, person ? fullName(person) : '');
  }
  return names;
}

/** What the answer shows besides the seats, for seats the caller already read. */
export const viewOf = async (
  db: Database | Transaction,
  patient: CartPatient | undefined,
  seats: CartSeat[],
  prices?: CardPrices | null,
): Promise<CartView> => ({
  patient,
  seats,
  prices: prices === undefined ? await pricesFor(db, seats) : prices,
  therapeuten: await therapistNames(db, seats),
});

/** One after the other: a transaction's client runs one query at a time (pg refuses overlapping queries). */
export const readView = async (db: Database | Transaction, cart: WarenkorbRow): Promise<CartView> => {
  const patient = await findPatient(db, cart.patientUserId);
  return viewOf(db, patient, await seatsOfCart(db, cart.id));
};

const itemStatus = (status: string): CartItemStatus =>
  status === 'GEBUCHT' ? 'PAID' : status === 'STORNIERT' ? 'STORNIERT' : 'OFFEN';

/**
 * The cart as the dialog shows it. Item prices are today's card prices of the type (the cart stores only the
 * total it charged).
 */
export function toCart(
  cart: WarenkorbRow,
  { patient, seats, prices, therapeuten }: CartView,
  redirectUrl: string | null,
): Cart {
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
      therapeut: therapeuten.get(termin.therapeutUserId) ?? '',
      status: itemStatus(seat.status),
      paymentMethod: seat.zahlungsart,
      amountCents: seat.zahlungsart === 'KARTE' ? (prices?.[termin.termintyp] ?? 0) : 0,
    })),
  };
}

export const owns = (cart: WarenkorbRow, viewer: CartViewer) =>
  viewer === 'betreiber' || cart.patientUserId === viewer.patientUserId;

/** Locks an own (or, for operators, any) cart with its payment; unknown or foreign: 404. */
export async function lockOwnCart(tx: Transaction, cartId: number, viewer: CartViewer): Promise<WarenkorbRow> {
  const cart = await lockCartAndPayment(tx, cartId);
  if (!cart || cart === 'busy' || !owns(cart, viewer)) throw HttpError.notFound(CART_MESSAGES.unbekannt);
  return cart;
}

/** Sent in the background: the answer must not wait for a mail round (it would queue behind every other booking's). */
export const flushIfBooked = (ctx: CartContext, cart: WarenkorbRow) => {
  if (cart.status === 'BEZAHLT') ctx.mail.flush().catch(() => undefined);
};
