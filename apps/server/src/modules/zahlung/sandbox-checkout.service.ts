import { randomBytes } from 'node:crypto';
import type { SandboxAction } from '@dihs/contract/zahlung';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { SandboxDelivery } from './sandbox-delivery.ts';
import { newSandboxEvent, type SandboxEventType } from './sandbox.provider.ts';
import { cancelPathOf, paymentByToken, returnPathOf } from './zahlung.service.ts';
import type { PaymentStatus } from './zahlung.table.ts';

/** Which button sends which event, and from which state the button is offered. */
const ACTIONS: Record<SandboxAction, { from: PaymentStatus; event: SandboxEventType }> = {
  bezahlen: { from: 'PENDING', event: 'payment.paid' },
  abbrechen: { from: 'PENDING', event: 'payment.cancelled' },
  fehlschlag: { from: 'PENDING', event: 'payment.failed' },
  rueckerstatten: { from: 'PAID', event: 'payment.refunded' },
  stornieren: { from: 'PAID', event: 'payment.storniert' },
};

/** The sandbox checkout's payment (404 for a payment of another provider). */
export async function sandboxPayment(db: Database, token: string) {
  const payment = await paymentByToken(db, token);
  if (payment.provider !== 'sandbox') throw HttpError.notFound('Unbekannte Zahlung.');
  return payment;
}

/**
 * A button of the sandbox checkout: like a real provider, the page changes nothing itself; it sends the signed
 * webhook (later, possibly twice) and sends the browser back. Answers the path to return to.
 */
export async function sandboxAction(
  db: Database,
  delivery: SandboxDelivery,
  token: string,
  action: SandboxAction,
): Promise<string> {
  const payment = await sandboxPayment(db, token);
  const rule = ACTIONS[action];
  if (payment.status === rule.from) {
    const transactionId = action === 'bezahlen' ? `SBX-${randomBytes(6).toString('hex').toUpperCase()}` : undefined;
    delivery.send(newSandboxEvent(rule.event, payment.id, transactionId));
  }
  // a cancellation returns as at a real provider's back link; a declined card comes back unpaid
  return action === 'abbrechen' ? cancelPathOf(payment) : returnPathOf(payment);
}
