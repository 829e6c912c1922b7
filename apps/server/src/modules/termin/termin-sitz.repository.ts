import { and, asc, eq, gt, lt, ne, notExists, sql } from 'drizzle-orm';
import type { Zahlungsart } from '@dihs/contract/termin';
import type { CreditKind } from '@dihs/contract/guthaben';
import type { Database, Transaction } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { terminTeilnahmen, termine, type TerminRow, type TerminTeilnahmeRow } from './termin.table.ts';

// The seats' statements (termin-sitz.service.ts holds their rules). The ones of every booking are prepared once per
// connection (db/prepared.ts).

type Db = Database | Transaction;

const lockTermine = preparedStatement('termine_sperren', (db, name) =>
  db
    .select()
    .from(termine)
    .where(sql`${termine.id} = any(${sql.placeholder('ids')})`)
    .orderBy(asc(termine.id))
    .for('update')
    .prepare(name),
);

/** Appointments locked in id order for a booking (so concurrent carts queue instead of deadlocking). */
export const lockTermineInOrder = (tx: Transaction, ids: number[]): Promise<TerminRow[]> =>
  lockTermine(tx).execute({ ids });

const cartSeats = preparedStatement('warenkorb_sitze', (db, name) =>
  db
    .select({ seat: terminTeilnahmen, termin: termine })
    .from(terminTeilnahmen)
    .innerJoin(termine, eq(termine.id, terminTeilnahmen.terminId))
    .where(eq(terminTeilnahmen.cartId, sql.placeholder('cartId')))
    .orderBy(asc(terminTeilnahmen.id))
    .prepare(name),
);

/** Every seat a booking cart ever held, with its appointment, in seat order. */
export const cartSeatRows = (db: Db, cartId: number): Promise<{ seat: TerminTeilnahmeRow; termin: TerminRow }[]> =>
  cartSeats(db).execute({ cartId });

/** Raises the seat counter of a bookable appointment the patient holds no seat in; answers the row when it did. */
const takeSeatCounter = preparedStatement('termin_platz_nehmen', (db, name) => {
  const terminId = sql.placeholder('terminId');
  return db
    .update(termine)
    .set({ anzahlTeilnehmer: sql`${termine.anzahlTeilnehmer} + 1` })
    .where(
      and(
        eq(termine.id, terminId),
        eq(termine.status, 'AKTIV'),
        gt(termine.datum, sql.placeholder('now')),
        lt(termine.anzahlTeilnehmer, termine.maxTeilnehmer),
        notExists(
          db
            .select({ one: sql`1` })
            .from(terminTeilnahmen)
            .where(
              and(
                eq(terminTeilnahmen.terminId, terminId),
                eq(terminTeilnahmen.patientUserId, sql.placeholder('patientUserId')),
                ne(terminTeilnahmen.status, 'STORNIERT'),
              ),
            ),
        ),
      ),
    )
    .returning({ id: termine.id })
    .prepare(name);
});

/**
 * One conditional UPDATE: raises the counter of an AKTIV appointment that starts after `now`, has a free seat and
 * holds no seat of the patient yet. Answers whether it did (the CHECK anzahl_teilnehmer <= max_teilnehmer backs it).
 */
export async function takeSeatIfFree(
  tx: Transaction,
  input: { terminId: number; patientUserId: number; now: Date },
): Promise<boolean> {
  return (await takeSeatCounter(tx).execute(input)).length > 0;
}

const insertSeat = preparedStatement('termin_sitz_anlegen', (db, name) =>
  db
    .insert(terminTeilnahmen)
    .values({
      terminId: sql.placeholder('terminId'),
      patientUserId: sql.placeholder('patientUserId'),
      status: sql.placeholder('status'),
      zahlungsart: sql.placeholder('zahlungsart'),
      creditKind: sql.placeholder('creditKind'),
      cartId: sql.placeholder('cartId'),
      bookedAt: sql.placeholder('bookedAt'),
    })
    .returning()
    .prepare(name),
);

/** Inserts a seat; the partial unique index refuses a second held seat of the patient (a unique violation). */
export async function insertSeatRow(
  tx: Transaction,
  values: {
    terminId: number;
    patientUserId: number;
    status: 'RESERVIERT' | 'GEBUCHT';
    zahlungsart: Zahlungsart;
    creditKind: CreditKind | null;
    cartId: number | null;
    bookedAt: Date;
  },
): Promise<TerminTeilnahmeRow> {
  const [seat] = await insertSeat(tx).execute(values);
  return seat!;
}

/** An appointment row without lock or names (the reason a seat was refused). */
export async function terminRow(db: Db, id: number): Promise<TerminRow | undefined> {
  const [row] = await db.select().from(termine).where(eq(termine.id, id));
  return row;
}

/** The appointment a seat belongs to, unlocked (to lock that appointment before the seat). */
export async function terminIdOfSeat(tx: Transaction, teilnahmeId: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ terminId: terminTeilnahmen.terminId })
    .from(terminTeilnahmen)
    .where(eq(terminTeilnahmen.id, teilnahmeId));
  return row?.terminId;
}

/** Locks an appointment row (FOR UPDATE) without reading it. */
export async function lockTerminRow(tx: Transaction, terminId: number): Promise<void> {
  await tx.select({ id: termine.id }).from(termine).where(eq(termine.id, terminId)).for('update');
}

/** Locks a seat row (FOR UPDATE) and answers it. */
export async function lockSeatRow(tx: Transaction, teilnahmeId: number): Promise<TerminTeilnahmeRow | undefined> {
  const [seat] = await tx.select().from(terminTeilnahmen).where(eq(terminTeilnahmen.id, teilnahmeId)).for('update');
  return seat;
}

/** A held seat becomes STORNIERT; undefined when it was STORNIERT already. */
export async function cancelSeatRow(
  tx: Transaction,
  teilnahmeId: number,
  now: Date,
): Promise<TerminTeilnahmeRow | undefined> {
  const [seat] = await tx
    .update(terminTeilnahmen)
    .set({ status: 'STORNIERT', storniertAt: now })
    .where(and(eq(terminTeilnahmen.id, teilnahmeId), ne(terminTeilnahmen.status, 'STORNIERT')))
    .returning();
  return seat;
}

/** Lowers an appointment's seat counter by one. */
export async function lowerSeatCounter(tx: Transaction, terminId: number): Promise<void> {
  await tx
    .update(termine)
    .set({ anzahlTeilnehmer: sql`${termine.anzahlTeilnehmer} - 1` })
    .where(eq(termine.id, terminId));
}

const bookReservedSeat = preparedStatement('termin_sitz_buchen', (db, name) =>
  db
    .update(terminTeilnahmen)
    .set({ status: 'GEBUCHT' })
    .where(and(eq(terminTeilnahmen.id, sql.placeholder('teilnahmeId')), eq(terminTeilnahmen.status, 'RESERVIERT')))
    .returning({ id: terminTeilnahmen.id })
    .prepare(name),
);

/** A RESERVIERT seat becomes GEBUCHT; answers false when it was not reserved. */
export async function bookReservedSeatRow(tx: Transaction, teilnahmeId: number): Promise<boolean> {
  return (await bookReservedSeat(tx).execute({ teilnahmeId })).length > 0;
}

/** Ids of the patient's held seats in appointments starting after `now`. */
export async function futureSeatIdsOf(tx: Transaction, patientUserId: number, now: Date): Promise<number[]> {
  const rows = await tx
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
  return rows.map((row) => row.id);
}
