import { eq } from 'drizzle-orm';
import { CART_MESSAGES, KEIN_GUTHABEN_CODES } from '@dihs/contract/cart';
import type { ErrorCode } from '@dihs/contract/common/errors';
import { TERMIN_MESSAGES, type Termintyp } from '@dihs/contract/termin';
import type { Transaction } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { formatDateTimeDe } from '../../lib/pdf.ts';
import { addLedgerEntries, balanceOf, InsufficientCreditError, type LedgerEntryInput } from '../guthaben/index.ts';
import { reserveSeat, type TerminRow } from '../termin/index.ts';
import { users } from '../users/index.ts';
import { decidePayment, type PaymentDecision } from './cart-zahlungsart.ts';
import {
  cardPrices,
  findPatient,
  insertCart,
  lockTermineInOrder,
  seatsOfCart,
  updateCart,
  type CartSeat,
  type PatientRow,
} from './cart.repository.ts';
import type { WarenkorbRow } from './cart.table.ts';

/**
 * Who books: the patient (card payment allowed), the operator for a patient (credit only; a missing credit is the
 * KEIN_*_GUTHABEN error of spec 2 section 8), or the patient's direct booking of one covered appointment.
 */
export type ReserveMode = 'patient' | 'betreiber' | 'direkt';

export interface ReserveInput {
  patientUserId: number;
  createdByUserId: number;
  terminIds: number[];
  mode: ReserveMode;
  now: Date;
  timeoutMinutes: number;
}

export interface Reserved {
  cart: WarenkorbRow;
  patient: PatientRow;
  seats: CartSeat[];
}

/** The operator's error: the code is the spec's error word, the message names it (spec 2 section 8). */
const missingCredit = (typ: Termintyp) => {
  const code = KEIN_GUTHABEN_CODES[typ];
  // the spec's error words are not platform error codes, but the envelope's code field carries them alike
  return new HttpError(409, CART_MESSAGES.guthabenFehlt(code), code as ErrorCode);
};

/** A patient sees (and may book) active future appointments without company or of the own company. */
const bookableFor = (termin: TerminRow, patient: PatientRow, now: Date) =>
  termin.status === 'AKTIV' && termin.datum > now && (termin.firmaId === null || termin.firmaId === patient.firmaId);

function refuseCard(mode: ReserveMode, termin: TerminRow, decision: PaymentDecision): void {
  if (decision.zahlungsart !== 'KARTE') return;
  if (mode === 'betreiber') throw missingCredit(termin.termintyp);
  if (mode === 'direkt') throw new HttpError(409, CART_MESSAGES.nurGuthaben);
  if (decision.amountCents === null) throw new HttpError(409, CART_MESSAGES.keinPreis);
}

/**
 * Creates an OFFEN cart inside the caller's transaction: locks the appointments in id order, decides each item's
 * payment method (FIRMA, REZEPT, ABO, GUTHABEN, KARTE), reserves every seat, takes the credit and records the
 * card amount. Any refusal throws, so the caller's transaction changes nothing.
 */
export async function reserveCart(tx: Transaction, input: ReserveInput): Promise<Reserved> {
  // one cart of a patient at a time: the balance read below stays true until this one commits (no key update:
  // rows referencing the account can still be inserted meanwhile)
  await tx.select({ id: users.id }).from(users).where(eq(users.id, input.patientUserId)).for('no key update');
  const patient = await findPatient(tx, input.patientUserId);
  if (!patient) throw HttpError.notFound('Unbekannter Patient.');

  const ids = [...new Set(input.terminIds)].sort((a, b) => a - b);
  const termine = await lockTermineInOrder(tx, ids);
  if (termine.length !== ids.length) throw HttpError.notFound(TERMIN_MESSAGES.unbekannt);
  for (const termin of termine) {
    if (!bookableFor(termin, patient, input.now)) throw new HttpError(409, CART_MESSAGES.nichtSichtbar);
  }

  const remaining = await balanceOf(tx, patient.id);
  const prices = await cardPrices(tx);
  const decisions = termine.map((termin) => {
    const decision = decidePayment(termin, patient.firmaId, remaining, prices[termin.termintyp]);
    refuseCard(input.mode, termin, decision);
    return { termin, decision };
  });

  const cart = await insertCart(tx, {
    patientUserId: patient.id,
    createdByUserId: input.createdByUserId,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + input.timeoutMinutes * 60_000),
  });
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
    if (decision.zahlungsart === 'KARTE') amountCents += decision.amountCents ?? 0;
    else if (decision.creditKind) {
      debits.push({
        patientUserId: patient.id,
        kind: decision.creditKind,
        delta: -1,
        reason: `Terminbuchung: ${termin.befund} am ${formatDateTimeDe(termin.datum)} Uhr`,
        reference: `warenkorb:${cart.id}`,
        idempotencyKey: `termin-sitz-belastung:${seat.id}`,
        authorUserId: input.createdByUserId,
      });
    }
  }
  await takeCredit(tx, debits, input.mode, decisions);

  // the payment itself is opened by the caller (paymentAddress), like a retry
  const updated = amountCents > 0 ? await updateCart(tx, cart.id, { amountCents }) : cart;
  return { cart: updated, patient, seats: await seatsOfCart(tx, cart.id) };
}

/** Takes the planned credit; a balance lowered meanwhile (by an operator) refuses like a missing credit. */
async function takeCredit(
  tx: Transaction,
  debits: LedgerEntryInput[],
  mode: ReserveMode,
  decisions: { termin: TerminRow; decision: PaymentDecision }[],
): Promise<void> {
  try {
    await addLedgerEntries(tx, debits);
  } catch (error) {
    if (mode === 'betreiber' && error instanceof InsufficientCreditError) {
      const item = decisions.find((d) => d.decision.creditKind === error.kind);
      if (item) throw missingCredit(item.termin.termintyp);
    }
    throw error;
  }
}
