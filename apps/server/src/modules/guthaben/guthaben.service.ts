import { randomUUID } from 'node:crypto';
import type { SessionClaims } from '@dihs/contract/auth';
import {
  CREDIT_KINDS,
  type CreditKind,
  type Guthaben,
  type GuthabenAngebot,
  type GuthabenBuchung,
  type GuthabenStoreBody,
  type GuthabenVerlauf,
} from '@dihs/contract/guthaben';
import type { Database, Transaction } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { assertEmailConfirmed } from '../accounts/index.ts';
import { findPersonById } from '../profil/index.ts';
import { enqueueGuthabenMail } from './guthaben-mail.ts';
import { createPayment, getPayment, type PaymentStatus, type ZahlungRow } from '../zahlung/index.ts';
import {
  findOffer,
  findOrder,
  insertOrder,
  listBookableOffers,
  setOrderPayment,
  updateOrder,
} from './guthaben.repository.ts';
import type { GuthabenAngebotRow, GuthabenBestellungRow } from './guthaben.table.ts';
import { listEntries, lockPatientLedger, sumBalance, sumDebts } from './ledger.repository.ts';
import { addLedgerEntries, reverseReference } from './ledger.service.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { zahlungEndpoints } from '@dihs/contract/zahlung';

/** How the counts of a package become paid credit. */
const PACKAGE_KINDS = [
  ['einzelTermine', 'bezahltEinzelTermin'],
  ['gruppenTermine', 'bezahltGruppenTermin'],
  ['befunde', 'bezahltBefundTermin'],
  ['telefonTermine', 'bezahltTelefonTermin'],
  ['anamnese', 'bezahltAnamneseTermin'],
] as const satisfies readonly (readonly [keyof GuthabenBestellungRow, CreditKind])[];

export const GUTHABEN_ERRORS = {
  unbekanntesAngebot: 'Unbekanntes Guthabenpaket.',
  nichtBuchbar: 'Dieses Guthabenpaket ist nicht buchbar.',
  unbekannteBuchung: 'Unbekannte Buchung.',
  unbekannterPatient: 'Unbekannter Patient.',
  keineBestaetigung: 'Für diese Buchung gibt es keine Bestätigung: sie wurde nicht bezahlt.',
} as const;

const paymentReference = (paymentId: number) => `zahlung:${paymentId}`;

export const toAngebotDto = (row: GuthabenAngebotRow | GuthabenBestellungRow, id: number): GuthabenAngebot => ({
  guthabenAngebotId: id,
  titel: row.titel,
  centPreis: row.centPreis,
  buchbar: 'buchbar' in row ? row.buchbar : true,
  einzelTermine: row.einzelTermine,
  gruppenTermine: row.gruppenTermine,
  telefonTermine: row.telefonTermine,
  anamnese: row.anamnese,
  befunde: row.befunde,
});

/** The bookable offers of the shop. */
export async function offers(db: Database): Promise<GuthabenAngebot[]> {
  return (await listBookableOffers(db)).map((row) => toAngebotDto(row, row.id));
}

/**
 * Orders a package: a PENDING booking and its payment in one transaction; answers the payment address. The credit
 * is granted only when the provider confirms the payment (onGuthabenPayment).
 */
export async function placeOrder(db: Database, session: SessionClaims, offerId: number): Promise<string> {
  await assertEmailConfirmed(db, session.userId);
  return db.transaction(async (tx) => {
    const offer = await findOffer(tx, offerId);
    if (!offer) throw HttpError.notFound(GUTHABEN_ERRORS.unbekanntesAngebot);
    if (!offer.buchbar) throw HttpError.badRequest(GUTHABEN_ERRORS.nichtBuchbar);
    const order = await insertOrder(tx, session.userId, offer);
    const { paymentId, redirectUrl } = await createPayment(tx, {
      userId: session.userId,
      purpose: 'GUTHABEN',
      referenceId: order.id,
      amountCents: offer.centPreis,
      description: `Guthabenpaket ${offer.titel}`,
      returnPath: `/guthaben/${order.id}`,
    });
    await setOrderPayment(tx, order.id, paymentId);
    return redirectUrl;
  });
}

/**
 * The payment listener of purpose GUTHABEN, inside the webhook's transaction: the booking follows the payment's
 * status; PAID grants the package's counts, REFUNDED and STORNIERT take them back (what was already used becomes
 * debt, see reverseReference). Each effect has its idempotency key, so it cannot happen twice.
 */
export async function onGuthabenPayment(tx: Transaction, payment: ZahlungRow, newStatus: PaymentStatus): Promise<void> {
  const order = await findOrder(tx, payment.referenceId);
  if (!order || order.patientUserId !== payment.userId) return;
  const reference = paymentReference(payment.id);
  if (newStatus === 'PAID') {
    await addLedgerEntries(
      tx,
      PACKAGE_KINDS.filter(([count]) => order[count] > 0).map(([count, kind]) => ({
        patientUserId: order.patientUserId,
        kind,
        delta: order[count],
        reason: `Kauf: ${order.titel}`,
        reference,
        idempotencyKey: `${reference}:gutschrift`,
      })),
    );
    await updateOrder(tx, order.id, { status: 'PAID', transactionId: payment.transactionId });
    // once per order: a repeated PAID event finds the order paid already
    if (order.status !== 'PAID') {
      await enqueueGuthabenMail(tx, { ...order, status: 'PAID', transactionId: payment.transactionId }, new Date());
    }
  } else if (newStatus === 'REFUNDED' || newStatus === 'STORNIERT') {
    await reverseReference(tx, {
      patientUserId: order.patientUserId,
      reference,
      reason: newStatus === 'REFUNDED' ? `Rückerstattung: ${order.titel}` : `Stornierung: ${order.titel}`,
      idempotencyKey: `${reference}:rueckbuchung`,
    });
    await updateOrder(tx, order.id, { status: newStatus, stornodatum: new Date() });
  } else {
    await updateOrder(tx, order.id, { status: newStatus });
  }
}

/** A booking of the patient (GET /guthaben/patient/check/{id}); another patient's booking is 404. */
export async function checkOrder(db: Database, session: SessionClaims, id: number): Promise<GuthabenBuchung> {
  const order = await findOrder(db, id);
  if (!order || order.patientUserId !== session.userId) throw HttpError.notFound(GUTHABEN_ERRORS.unbekannteBuchung);
  const payment = order.zahlungId ? await getPayment(db, order.zahlungId) : undefined;
  return {
    buchungId: order.id,
    status: order.status,
    transactionId: order.transactionId,
    buchungsdatum: order.buchungsdatum.toISOString(),
    stornodatum: order.stornodatum?.toISOString() ?? null,
    guthabenAngebot: toAngebotDto(order, order.angebotId ?? 0),
    zahlungsLink:
      order.status === 'PENDING' && payment?.status === 'PENDING'
        ? apiUrl(zahlungEndpoints.checkout, { params: { token: payment.checkoutToken } })
        : null,
  };
}

/** The order with its patient, for the confirmation PDF; only the own and only a paid one. */
export async function orderForConfirmation(db: Database, session: SessionClaims, id: number) {
  const order = await findOrder(db, id);
  if (!order || order.patientUserId !== session.userId) throw HttpError.notFound(GUTHABEN_ERRORS.unbekannteBuchung);
  if (order.status === 'PENDING' || order.status === 'CANCELLED') {
    throw HttpError.badRequest(GUTHABEN_ERRORS.keineBestaetigung);
  }
  const patient = await findPatient(db, order.patientUserId);
  if (!patient) throw HttpError.notFound(GUTHABEN_ERRORS.unbekannteBuchung);
  return { order, patient };
}

/** A patient account (any state) with its name and address, or undefined for other roles. */
async function findPatient(db: Database | Transaction, id: number) {
  const person = await findPersonById(db, id);
  if (!person || person.user.role !== 'PATIENT') return undefined;
  const { user, profile } = person;
  return {
    id: user.id,
    deletedAt: user.deletedAt,
    vorname: profile?.vorname ?? null,
    nachname: profile?.nachname ?? null,
    strasse: profile?.strasse ?? null,
    hausnummer: profile?.hausnummer ?? null,
    plz: profile?.plz ?? null,
    ort: profile?.ort ?? null,
  };
}

async function requirePatient(db: Database | Transaction, patientId: number) {
  const patient = await findPatient(db, patientId);
  if (!patient) throw HttpError.notFound(GUTHABEN_ERRORS.unbekannterPatient);
  return patient;
}

/** The balance of a patient; for operators (any patient) and the patient itself. */
export async function balanceForPatient(db: Database, patientId: number): Promise<Guthaben> {
  await requirePatient(db, patientId);
  return sumBalance(db, patientId);
}

/**
 * POST /guthaben/betreiber/store/{patientId}: the operator sends the full balance; the differences to the current
 * balance, read under the patient's ledger lock, are booked as entries with the operator as author.
 */
export async function storeBalance(
  db: Database,
  session: SessionClaims,
  patientId: number,
  target: GuthabenStoreBody,
): Promise<Guthaben> {
  const patient = await requirePatient(db, patientId);
  if (patient.deletedAt)
    throw HttpError.badRequest('Das Guthaben eines gelöschten Patienten kann nicht geändert werden.');
  return db.transaction(async (tx) => {
    await lockPatientLedger(tx, patientId);
    const current = await sumBalance(tx, patientId);
    const key = `betreiber:${session.userId}:${randomUUID()}`;
    await addLedgerEntries(
      tx,
      CREDIT_KINDS.filter((kind) => target[kind] !== current[kind]).map((kind) => ({
        patientUserId: patientId,
        kind,
        delta: target[kind] - current[kind],
        reason: 'Änderung durch den Betreiber',
        reference: `betreiber:${session.userId}`,
        idempotencyKey: key,
        authorUserId: session.userId,
      })),
    );
    return sumBalance(tx, patientId);
  });
}

/** The ledger of a patient, newest first, with the open debts. */
export async function history(db: Database, patientId: number): Promise<GuthabenVerlauf> {
  await requirePatient(db, patientId);
  const [entries, debts] = await Promise.all([listEntries(db, patientId, 200), sumDebts(db, patientId)]);
  return {
    eintraege: entries.map((entry) => ({
      id: entry.id,
      art: entry.kind,
      aenderung: entry.delta,
      grund: entry.reason,
      datum: entry.createdAt.toISOString(),
      durchBetreiber: entry.byOperator,
    })),
    schulden: Object.fromEntries(CREDIT_KINDS.filter((kind) => debts[kind] > 0).map((kind) => [kind, debts[kind]])),
  };
}
