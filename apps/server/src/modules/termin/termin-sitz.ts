import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { CreditKind } from '@dihs/contract/guthaben';
import { TERMIN_MESSAGES, type Zahlungsart } from '@dihs/contract/termin';
import type { Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import { activeSeat } from './termin.repository.ts';
import { terminTeilnahmen, termine, type TerminTeilnahmeRow } from './termin.table.ts';

export interface ReserveSeatInput {
  terminId: number;
  patientUserId: number;
  zahlungsart: Zahlungsart;
  creditKind?: CreditKind | null;
  cartId?: number | null;
  /** RESERVIERT while a card payment is open, GEBUCHT when paid (default). */
  status?: 'RESERVIERT' | 'GEBUCHT';
  /** The business clock; default system time. */
  now?: Date;
}

/**
 * Takes one seat inside the caller's transaction. The counter is raised by one conditional UPDATE: concurrent
 * callers queue on the row lock and re-check the condition, and the CHECK (anzahl_teilnehmer <= max_teilnehmer)
 * refuses overbooking even if a caller skipped the condition. The partial unique index refuses a second seat of
 * the same patient. Throws a German 4xx (appointment unknown 404; full, cancelled, past, duplicate 409).
 */
export async function reserveSeat(tx: Transaction, input: ReserveSeatInput): Promise<TerminTeilnahmeRow> {
  const now = input.now ?? new Date();
  if (await activeSeat(tx, input.terminId, input.patientUserId)) throw new HttpError(409, TERMIN_MESSAGES.doppelt);
  const updated = await tx
    .update(termine)
    .set({ anzahlTeilnehmer: sql`${termine.anzahlTeilnehmer} + 1` })
    .where(
      and(
        eq(termine.id, input.terminId),
        eq(termine.status, 'AKTIV'),
        gt(termine.datum, now),
        lt(termine.anzahlTeilnehmer, termine.maxTeilnehmer),
      ),
    )
    .returning({ id: termine.id });
  if (updated.length === 0) {
    const [termin] = await tx.select().from(termine).where(eq(termine.id, input.terminId));
    if (!termin) throw HttpError.notFound(TERMIN_MESSAGES.unbekannt);
    if (termin.status !== 'AKTIV') throw new HttpError(409, TERMIN_MESSAGES.nichtBuchbar);
    if (termin.datum <= now) throw new HttpError(409, TERMIN_MESSAGES.vergangen);
    throw new HttpError(409, TERMIN_MESSAGES.voll);
  }
  try {
    const [seat] = await tx
      .insert(terminTeilnahmen)
      .values({
        terminId: input.terminId,
        patientUserId: input.patientUserId,
        status: input.status ?? 'GEBUCHT',
        zahlungsart: input.zahlungsart,
        creditKind: input.creditKind ?? null,
        cartId: input.cartId ?? null,
        bookedAt: now,
      })
      .returning();
    return seat!;
  } catch (error) {
    // a concurrent booking of the same patient won the race; the caller's transaction is rolled back
    if (isUniqueViolation(error)) throw new HttpError(409, TERMIN_MESSAGES.doppelt);
    throw error;
  }
}

/**
 * Frees a seat inside the caller's transaction: the seat becomes STORNIERT (kept for accounting) and the counter
 * drops by one. Answers the released seat, or undefined when it was already released (idempotent). Refunding the
 * credit it was paid with is the caller's business (it knows the reason and the idempotency key).
 */
export async function releaseSeat(
  tx: Transaction,
  teilnahmeId: number,
  now: Date = new Date(),
): Promise<TerminTeilnahmeRow | undefined> {
  const [seat] = await tx
    .update(terminTeilnahmen)
    .set({ status: 'STORNIERT', storniertAt: now })
    .where(and(eq(terminTeilnahmen.id, teilnahmeId), ne(terminTeilnahmen.status, 'STORNIERT')))
    .returning();
  if (!seat) return undefined;
  await tx
    .update(termine)
    .set({ anzahlTeilnehmer: sql`${termine.anzahlTeilnehmer} - 1` })
    .where(eq(termine.id, seat.terminId));
  return seat;
}

/** A reserved seat becomes booked (its card payment arrived). Answers false when it was not reserved. */
export async function confirmSeat(tx: Transaction, teilnahmeId: number): Promise<boolean> {
  const rows = await tx
    .update(terminTeilnahmen)
    .set({ status: 'GEBUCHT' })
    .where(and(eq(terminTeilnahmen.id, teilnahmeId), eq(terminTeilnahmen.status, 'RESERVIERT')))
    .returning({ id: terminTeilnahmen.id });
  return rows.length > 0;
}

/**
 * Patient deletion: seats in appointments that have not started are freed for others; seats of past appointments
 * stay for accounting (they hold ids and flags only, no personal text). No credit is returned: the account is gone.
 */
export async function releaseFutureSeatsOf(tx: Transaction, patientUserId: number, now: Date): Promise<number> {
  const seats = await tx
    .select({ id: terminTeilnahmen.id })
    .from(terminTeilnahmen)
    .innerJoin(termine, eq(termine.id, terminTeilnahmen.terminId))
    .where(
      and(
        eq(terminTeilnahmen.patientUserId, patientUserId),
        ne(terminTeilnahmen.status, 'STORNIERT'),
        gt(termine.datum, now),
      ),
    );
  for (const seat of seats) await releaseSeat(tx, seat.id, now);
  return seats.length;
}
