import { randomBytes } from 'node:crypto';
import type { PaymentListener, PaymentListeners } from '../../app-types.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { withTransactionRetry } from '../../lib/transaction-retry.ts';
import type { SessionClaims } from '@dihs/contract/auth';
import { hasPrivilege } from '@dihs/contract/common/roles';
import { PAYMENT_CANCEL_PARAM, type Zahlung, zahlungEndpoints } from '@dihs/contract/zahlung';
import type { PaymentProvider, ProviderEvent } from './payment-provider.ts';
import {
  findPayment,
  findPaymentByToken,
  mostRecentPayment,
  setProvider,
  findPaymentByTransactionId,
  insertPayment,
  latestPaymentFor,
  lockPayment,
  lockPayments,
  recordEvent,
  updatePaymentStatus,
} from './zahlung.repository.ts';
import type { PaymentPurpose, PaymentStatus, ZahlungRow } from './zahlung.table.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';

// The listener types are the core's (a descriptor carries them); a listener gets this module's row (ZahlungRow).
export type { PaymentListener, PaymentListeners };

/**
 * Order of the states: a change only moves forward, so events may arrive in any order. A payment that was
 * cancelled can still be paid (the provider took the money: that is the truth), a refund or cancellation after
 * payment is final, and a refund reported before the payment makes the later payment event a no-op.
 */
const RANK: Record<PaymentStatus, number> = { PENDING: 0, CANCELLED: 1, PAID: 2, REFUNDED: 3, STORNIERT: 3 };

export const MAX_DESCRIPTION_LENGTH = 200;

export interface CreatePaymentInput {
  userId: number;
  purpose: PaymentPurpose;
  /** The id of the purpose's record (credit order, subscription, cart). */
  referenceId: number;
  amountCents: number;
  description: string;
  /** A path of this site the browser returns to after the checkout; default /payment/{paymentId}. */
  returnPath?: string;
}

/** The address that starts the provider's checkout of a payment (relative to the site). */
export const checkoutPath = (token: string) => apiUrl(zahlungEndpoints.checkout, { params: { token } });

/**
 * Creates a PENDING payment inside the caller's transaction and answers the address to send the browser to. The
 * provider's checkout is created only when the browser arrives there, so no network call runs inside the
 * transaction.
 */
export async function createPayment(
  tx: Transaction,
  input: CreatePaymentInput,
): Promise<{ paymentId: number; redirectUrl: string }> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw HttpError.badRequest('Der Betrag muss eine positive ganze Zahl von Cent sein.');
  }
  const description = input.description.trim();
  if (!description || description.length > MAX_DESCRIPTION_LENGTH) {
    throw HttpError.badRequest(`Die Beschreibung muss 1 bis ${MAX_DESCRIPTION_LENGTH} Zeichen haben.`);
  }
  if (input.returnPath !== undefined && !/^\/(?!\/)[^\s\\]*$/.test(input.returnPath)) {
    throw HttpError.badRequest('Die Rücksprungadresse muss ein Pfad dieser Seite sein.');
  }
  const checkoutToken = randomBytes(24).toString('base64url');
  const row = await insertPayment(tx, {
    userId: input.userId,
    purpose: input.purpose,
    referenceId: input.referenceId,
    amountCents: input.amountCents,
    description,
    checkoutToken,
    // The id is known only after the insert; an empty return path means /payment/{id}.
    returnPath: input.returnPath ?? '',
  });
  return { paymentId: row.id, redirectUrl: checkoutPath(checkoutToken) };
}

/** Where the browser returns to after the checkout of the payment. */
export const returnPathOf = (payment: ZahlungRow) => payment.returnPath || `/payment/${payment.id}`;

/** Where the browser returns to after the user cancelled the checkout: the same page, told so (PAYMENT_CANCEL_PARAM). */
export function cancelPathOf(payment: ZahlungRow): string {
  const path = returnPathOf(payment);
  return `${path}${path.includes('?') ? '&' : '?'}${PAYMENT_CANCEL_PARAM.name}=${PAYMENT_CANCEL_PARAM.value}`;
}

/** One payment by id, or undefined. */
export function getPayment(db: Database | Transaction, id: number): Promise<ZahlungRow | undefined> {
  return findPayment(db, id);
}

/** The newest payment created for a purpose's record (a cart or order may be paid in several attempts). */
export function getLatestPaymentFor(
  db: Database | Transaction,
  purpose: PaymentPurpose,
  referenceId: number,
): Promise<ZahlungRow | undefined> {
  return latestPaymentFor(db, purpose, referenceId);
}

/**
 * Moves the payment to `newStatus` when that is a step forward, calling the purpose's listener in the same
 * transaction. Answers the payment after the change (or unchanged).
 */
async function changeStatus(
  tx: Transaction,
  paymentId: number,
  newStatus: PaymentStatus,
  transactionId: string | null,
  listenerOf: (purpose: PaymentPurpose) => PaymentListener | undefined,
): Promise<{ payment: ZahlungRow; changed: boolean }> {
  const current = await lockPayment(tx, paymentId);
  if (!current) throw HttpError.notFound('Unbekannte Zahlung.');
  if (RANK[newStatus] <= RANK[current.status]) return { payment: current, changed: false };
  const updated = await updatePaymentStatus(tx, paymentId, newStatus, transactionId);
  const listener = listenerOf(updated.purpose);
  if (listener) await listener(tx, updated, newStatus, current.status);
  return { payment: updated, changed: true };
}

/**
 * Cancels a payment that is still PENDING (the cart is reset, the order withdrawn), inside the caller's
 * transaction. Only the purpose's own module cancels its payments, so it hands in its own listener (which then sees
 * CANCELLED) rather than the app's registry: erasure and jobs cancel without the app. A payment already decided
 * stays as it is. Answers its status.
 */
export async function cancelPayment(
  tx: Transaction,
  paymentId: number,
  ownListener?: PaymentListener,
): Promise<PaymentStatus> {
  const current = await lockPayment(tx, paymentId);
  if (!current) throw HttpError.notFound('Unbekannte Zahlung.');
  if (current.status !== 'PENDING') return current.status;
  const { payment } = await changeStatus(tx, paymentId, 'CANCELLED', null, () => ownListener);
  return payment.status;
}

/**
 * Locks payments before the caller locks its own records of them: the webhook locks the payment first and then the
 * purpose's record (in the listener), so a module's own change of such a record (end a subscription, reset a cart)
 * locks its open payments first too, and the two never wait for each other crosswise.
 */
export function lockPaymentsFirst(tx: Transaction, paymentIds: readonly number[]): Promise<void> {
  return lockPayments(tx, paymentIds);
}

export type EventOutcome = 'applied' | 'unchanged' | 'duplicate';

/**
 * Processes a provider event exactly once per event id: the event row, the status change and the purpose's listener
 * commit together, so a repeated or concurrent delivery of the same event changes nothing. Unknown payment: 404.
 */
export async function processProviderEvent(
  db: Database,
  listeners: PaymentListeners,
  event: ProviderEvent,
): Promise<EventOutcome> {
  // Retried: a deadlock or serialization failure with a path outside this one (a job, a cart reset) must not answer
  // 500 to the provider, whose redelivery would come minutes later.
  return withTransactionRetry(db, async (tx) => {
    const paymentId =
      event.paymentId ??
      (event.transactionRef
        ? (await findPaymentByTransactionId(tx, event.provider, event.transactionRef))?.id
        : undefined);
    // The payment row is locked before anything else: the event insert below takes a key-share lock on it (foreign
    // key), and two deliveries holding that lock both waiting for FOR UPDATE deadlocked. Every path that changes a
    // payment and its purpose's records locks the payment first (see lockCartAndPayment).
    const payment = paymentId !== undefined ? await lockPayment(tx, paymentId) : undefined;
    if (!payment) throw HttpError.notFound('Unbekannte Zahlung.');
    // an event of one provider never changes a payment of another (sandbox events cannot touch Stripe payments)
    if (payment.provider !== event.provider) throw HttpError.notFound('Unbekannte Zahlung.');
    if (event.newStatus === 'PAID' && event.amountCents != null && event.amountCents !== payment.amountCents) {
      throw HttpError.badRequest('Der gezahlte Betrag stimmt nicht mit der Zahlung überein.');
    }
    const fresh = await recordEvent(tx, {
      provider: event.provider,
      providerEventId: event.eventId,
      zahlungId: payment.id,
      type: event.type,
    });
    if (!fresh) return 'duplicate';
    if (!event.newStatus) return 'unchanged';
    const { changed } = await changeStatus(
      tx,
      payment.id,
      event.newStatus,
      event.transactionId ?? null,
      (purpose) => listeners[purpose],
    );
    return changed ? 'applied' : 'unchanged';
  });
}

/** Where the browser goes when it opens the payment address: the provider's checkout, or back when decided. */
export async function startCheckout(db: Database, provider: PaymentProvider, token: string): Promise<string> {
  const payment = await findPaymentByToken(db, token);
  if (!payment) throw HttpError.notFound('Unbekannte Zahlung.');
  if (payment.status !== 'PENDING') return returnPathOf(payment);
  const session = await provider.startCheckout(payment, returnPathOf(payment), cancelPathOf(payment));
  await setProvider(db, payment.id, provider.name, session.providerRef);
  return session.redirectUrl;
}

/** The payment behind a checkout token, or 404. */
export async function paymentByToken(db: Database, token: string): Promise<ZahlungRow> {
  const payment = await findPaymentByToken(db, token);
  if (!payment) throw HttpError.notFound('Unbekannte Zahlung.');
  return payment;
}

/** The payment as the redirect page shows it; the continue link only for its owner while it is open. */
export function toZahlungDto(payment: ZahlungRow, viewerId: number): Zahlung {
  return {
    zahlungId: payment.id,
    status: payment.status,
    beschreibung: payment.description,
    betragCent: payment.amountCents,
    zweck: payment.purpose,
    anbieter: payment.provider,
    transaktionsnummer: payment.transactionId,
    erstelltAm: payment.createdAt.toISOString(),
    aktualisiertAm: payment.updatedAt.toISOString(),
    zurueck: returnPathOf(payment),
    zahlungsLink:
      payment.status === 'PENDING' && payment.userId === viewerId ? checkoutPath(payment.checkoutToken) : null,
  };
}

/** The viewer's newest payment (GET /payment/mostrecent/), or null. */
export async function mostRecentOf(db: Database, session: SessionClaims): Promise<Zahlung | null> {
  const payment = await mostRecentPayment(db, session.userId);
  return payment ? toZahlungDto(payment, session.userId) : null;
}

/**
 * One payment for its owner, or for operators with ZAHLUNGEN_VERWALTEN; anyone else 404. `shown` is told the payer
 * when a patient paid (every purpose but an operator's sample): the audit log's entry.
 */
export async function paymentForViewer(
  db: Database,
  session: SessionClaims,
  id: number,
  shown: (patientUserIds: number[]) => void = () => {},
): Promise<Zahlung> {
  const payment = await findPayment(db, id);
  const allowed =
    payment &&
    (payment.userId === session.userId ||
      (session.role === 'BETREIBER' && hasPrivilege(session.privileges, 'ZAHLUNGEN_VERWALTEN')));
  if (!payment || !allowed) throw HttpError.notFound('Unbekannte Zahlung.');
  shown(payment.purpose === 'BEISPIEL' ? [] : [payment.userId]);
  return toZahlungDto(payment, session.userId);
}

/** POST /payment/sample/: a payment of any amount for the operator itself, to try the provider set-up. */
export async function createSamplePayment(
  db: Database,
  session: SessionClaims,
  body: { description: string; amount: number },
): Promise<string> {
  const { redirectUrl } = await db.transaction((tx) =>
    createPayment(tx, {
      userId: session.userId,
      purpose: 'BEISPIEL',
      referenceId: 0,
      amountCents: body.amount,
      description: body.description,
    }),
  );
  return redirectUrl;
}
