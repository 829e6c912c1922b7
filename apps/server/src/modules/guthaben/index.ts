// The credit ledger is the only way to change a balance: other modules (subscriptions, prescriptions) book through
// addLedgerEntries inside their own transaction; a seat's charge, refund and unbooked card payment only through
// chargeSeats, refundSeat and creditUnbookedPayment (the booking composes no ledger entries).
export { CREDIT_KINDS, type CreditKind } from './guthaben.table.ts';
export {
  addLedgerEntries,
  balanceOf,
  lockedBalance,
  reverseReference,
  chargeSeats,
  refundSeat,
  creditUnbookedPayment,
  InsufficientCreditError,
  type Balance,
  type LedgerEntryInput,
  type ReversalResult,
  type SeatCharge,
} from './ledger.service.ts';
export { seedDemoGuthaben } from './guthaben.demo.ts';
