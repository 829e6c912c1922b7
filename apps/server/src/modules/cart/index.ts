// The booking cart offers other modules nothing to call: its timeout job, payment listener and patient erasure
// reach the app through its descriptor (cart.module.ts).
export type { WarenkorbRow } from './cart.table.ts';
