// The cart of the booking flow takes and frees seats only through these functions, inside its own transaction.
export { termine, terminTeilnahmen, type TerminRow, type TerminTeilnahmeRow } from './termin.table.ts';
export {
  reserveSeat,
  releaseSeat,
  confirmSeat,
  releaseFutureSeatsOf,
  releaseSeatWithRefund,
  refundKindOf,
  type ReserveSeatInput,
  type SeatRefundInput,
} from './termin-sitz.ts';
export { findTermin, activeSeat, lockTermin, userInfo } from './termin.repository.ts';
export { runReminderJob, REMINDER_LEAD_MS } from './termin-erinnerung.ts';
export { berlinToUtc, utcToBerlin } from './termin-zeit.ts';
export { terminRoutes } from './termin.routes.ts';
export { seedDemoTermine } from './termin.demo.ts';
export * as terminSitzung from './termin-sitzung.ts';
