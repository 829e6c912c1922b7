import type { Transaction } from '../../db/client.ts';
import { releaseFutureSeatsOf } from './termin-sitz.service.ts';

/** Patient erasure: future seats freed for others; past bookings kept for accounting (ids and flags only). */
export async function erasePatient(tx: Transaction, userId: number): Promise<string[]> {
  await releaseFutureSeatsOf(tx, userId, new Date());
  return [];
}
