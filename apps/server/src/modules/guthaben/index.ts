// The credit ledger is the only way to change a balance: other modules (subscriptions, appointments,
// prescriptions) book through addLedgerEntries inside their own transaction.
export { CREDIT_KINDS, type CreditKind } from './guthaben.table.ts';
export {
  addLedgerEntries,
  balanceOf,
  lockedBalance,
  spendLockedBalance,
  reverseReference,
  InsufficientCreditError,
  type LedgerEntryInput,
  type ReversalResult,
} from './ledger.service.ts';
export { seedDemoGuthaben } from './guthaben.demo.ts';
