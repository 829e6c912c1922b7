// The cart of the booking flow takes and frees seats only through these functions, inside its own transaction.
export { type TerminRow, type TerminTeilnahmeRow } from './termin.table.ts';
export { erasePatient } from './termin.erase.ts';
export {
  reserveSeat,
  reserveBookingSeats,
  releaseSeat,
  confirmSeat,
  releaseFutureSeatsOf,
  releaseSeatWithRefund,
  refundKindOf,
  seatsOfCart,
  type CartSeat,
  type ReserveSeatInput,
  type SeatPayment,
  type SeatRefundInput,
} from './termin-sitz.service.ts';
export { findTermin, activeSeat, lockTermin } from './termin.repository.ts';
export { runReminderJob, REMINDER_LEAD_MS } from './termin-erinnerung.ts';
export { enqueueStornoMail } from './termin-storno-mail.ts';
export { seedDemoTermine } from './termin.demo.ts';
export * as terminSitzung from './termin-sitzung.repository.ts';
