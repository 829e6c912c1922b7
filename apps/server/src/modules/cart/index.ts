// Its timeout job, payment listener and patient erasure reach the app through its descriptor (cart.module.ts).
// The cockpit shows the open booking: findOpenCart(db, patientUserId, now) is the patient's own open cart that
// still holds seats and credit (at most one), or undefined.
export { findOpenCart } from './cart.service.ts';
export type { WarenkorbRow } from './cart.table.ts';
