// Card payments for every purpose: a module creates a payment inside its own transaction (createPayment), sends
// the browser to the answered address, and applies the effect in its listener (its descriptor's paymentListeners),
// which runs inside the webhook's transaction exactly once per status change.
export {
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  type PaymentPurpose,
  type PaymentStatus,
  type ZahlungRow,
} from './zahlung.table.ts';
export {
  createPayment,
  getPayment,
  getLatestPaymentFor,
  cancelPayment,
  lockPaymentsFirst,
  returnPathOf,
  checkoutPath,
  type CreatePaymentInput,
  type PaymentListener,
  type PaymentListeners,
} from './zahlung.service.ts';
export { lockPaymentBeforeOwnRecord } from './zahlung.repository.ts';
