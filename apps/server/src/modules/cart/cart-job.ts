import type { Database, Transaction } from '../../db/client.ts';
import type { Metrics } from '../../lib/metrics.ts';
import { createPeriodicJob } from '../../lib/periodic-job.ts';
import { expiredCartIds, lockCartAndPayment, openCartIdsOf } from './cart.repository.ts';
import { closeCart } from './cart-expire.service.ts';

const BATCH = 100;

/**
 * Releases every OFFEN cart past its time (seats freed, credit returned, payment cancelled; status ABGELAUFEN).
 * Each cart is one transaction; carts and payments busy elsewhere (a webhook, a reset, another instance) are
 * skipped with SKIP LOCKED and taken by the next pass. Answers how many carts expired.
 */
export async function runCartTimeoutJob(db: Database, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const ids = await expiredCartIds(db, now, BATCH);
    let expired = 0;
    for (const id of ids) {
      const done = await db.transaction(async (tx) => {
        const cart = await lockCartAndPayment(tx, id, { skipLocked: true });
        if (!cart || cart === 'busy' || cart.status !== 'OFFEN' || cart.expiresAt > now) return false;
        await closeCart(tx, cart, 'ABGELAUFEN', { now });
        return true;
      });
      if (done) expired++;
    }
    total += expired;
    // a batch with skipped carts ends the pass; they are tried again next minute
    if (ids.length < BATCH || expired < ids.length) return total;
  }
}

/** Looks every intervalMs (CART_EXPIRY_INTERVAL_SECONDS, default a minute), so a cart goes within that of its time. */
export const createCartTimeoutScheduler = (input: {
  db: Database;
  now: () => Date;
  log: { error(obj: object, msg: string): void };
  intervalMs: number;
  metrics?: Pick<Metrics, 'job'>;
}) =>
  createPeriodicJob({
    intervalMs: input.intervalMs,
    log: input.log,
    failureMessage: 'Warenkorb-Ablauf fehlgeschlagen',
    ...(input.metrics ? { metrics: { of: input.metrics, name: 'warenkorb_ablauf' } } : {}),
    run: () => runCartTimeoutJob(input.db, input.now()),
  });

/**
 * Patient deletion (inside its transaction): open carts are ended and their payments cancelled; the seats are freed
 * without refund, since the account is gone.
 */
export async function releaseOpenCartsOf(tx: Transaction, patientUserId: number, now: Date): Promise<void> {
  for (const id of await openCartIdsOf(tx, patientUserId)) {
    const cart = await lockCartAndPayment(tx, id);
    if (cart && cart !== 'busy') await closeCart(tx, cart, 'ABGEBROCHEN', { now, refund: false });
  }
}
