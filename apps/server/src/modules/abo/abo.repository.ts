import { and, asc, desc, eq, gte, inArray, isNotNull, lt, lte, or } from 'drizzle-orm';
import { AKTIVE_ABO_STATUSES, LAUFENDE_ABO_STATUSES, type AboPaketFields } from '@dihs/contract/abo';
import type { Database, Transaction } from '../../db/client.ts';
import { columnsWithout, exportKey } from '../../lib/patient-export.ts';
import {
  aboHinweise,
  aboPakete,
  aboPerioden,
  abos,
  aboZahlungen,
  type AboPaketRow,
  type AboRow,
  type AboZahlungRow,
} from './abo.table.ts';

type Db = Database | Transaction;

// ---- packages

export const listPakete = (db: Db): Promise<AboPaketRow[]> => db.select().from(aboPakete).orderBy(asc(aboPakete.id));

/** Packages of the shop: active and bookable. */
export const listStandardPakete = (db: Db): Promise<AboPaketRow[]> =>
  db
    .select()
    .from(aboPakete)
    .where(and(eq(aboPakete.aktiv, true), eq(aboPakete.buchbar, true)))
    .orderBy(asc(aboPakete.kostenProQuartalCent), asc(aboPakete.id));

export const findPaket = async (db: Db, id: number): Promise<AboPaketRow | undefined> =>
  (await db.select().from(aboPakete).where(eq(aboPakete.id, id)).limit(1))[0];

/** Several packages in one statement (the demo world). */
export async function insertPakete(tx: Transaction, values: AboPaketFields[]): Promise<void> {
  if (values.length > 0) await tx.insert(aboPakete).values(values);
}

export async function insertPaket(db: Db, values: AboPaketFields): Promise<AboPaketRow> {
  const [row] = await db.insert(aboPakete).values(values).returning();
  return row!;
}

export async function updatePaket(db: Db, id: number, values: AboPaketFields): Promise<AboPaketRow | undefined> {
  const [row] = await db.update(aboPakete).set(values).where(eq(aboPakete.id, id)).returning();
  return row;
}

// ---- subscriptions

/** The patient's subscription that has not ended, if any. */
export async function findLaufendesAbo(db: Db, patientUserId: number): Promise<AboRow | undefined> {
  const [row] = await db
    .select()
    .from(abos)
    .where(and(eq(abos.patientUserId, patientUserId), inArray(abos.status, [...LAUFENDE_ABO_STATUSES])))
    .limit(1);
  return row;
}

/** Whether the patient has a running (active) subscription. */
export async function hasAktivesAbo(db: Db, patientUserId: number): Promise<boolean> {
  const rows = await db
    .select({ id: abos.id })
    .from(abos)
    .where(and(eq(abos.patientUserId, patientUserId), inArray(abos.status, [...AKTIVE_ABO_STATUSES])))
    .limit(1);
  return rows.length > 0;
}

export const findAbo = async (db: Db, id: number): Promise<AboRow | undefined> =>
  (await db.select().from(abos).where(eq(abos.id, id)).limit(1))[0];

/** Locks the subscription's row until the transaction ends: every change of one subscription is serialized. */
export const lockAbo = async (tx: Transaction, id: number): Promise<AboRow | undefined> =>
  (await tx.select().from(abos).where(eq(abos.id, id)).for('update').limit(1))[0];

export type NewAbo = typeof abos.$inferInsert;

export async function insertAbo(tx: Transaction, values: NewAbo): Promise<AboRow> {
  const [row] = await tx.insert(abos).values(values).returning();
  return row!;
}

export async function updateAbo(tx: Transaction, id: number, patch: Partial<NewAbo>): Promise<AboRow> {
  const [row] = await tx.update(abos).set(patch).where(eq(abos.id, id)).returning();
  return row!;
}

/** The newest subscription of the patient that satisfies the extra condition. */
async function newestAbo(
  db: Db,
  patientUserId: number,
  condition: ReturnType<typeof and>,
): Promise<AboRow | undefined> {
  const [row] = await db
    .select()
    .from(abos)
    .where(and(eq(abos.patientUserId, patientUserId), condition))
    .orderBy(desc(abos.buchungsdatum), desc(abos.id))
    .limit(1);
  return row;
}

/** The newest subscription that became active (for the booking confirmation). */
export const newestBegonnenesAbo = (db: Db, patientUserId: number) =>
  newestAbo(db, patientUserId, and(isNotNull(abos.beginn)));

/** The newest subscription the patient cancelled (for the cancellation confirmation). */
export const newestGekuendigtesAbo = (db: Db, patientUserId: number) =>
  newestAbo(db, patientUserId, and(isNotNull(abos.gekuendigtAm), eq(abos.kuendigungVorgemerkt, true)));

/** Subscriptions that ended since `since` (the notices tell the patient why). */
export const abosBeendetSeit = (db: Db, patientUserId: number, since: Date): Promise<AboRow[]> =>
  db
    .select()
    .from(abos)
    .where(and(eq(abos.patientUserId, patientUserId), gte(abos.beendetAm, since)))
    .orderBy(desc(abos.beendetAm));

/** Ids of subscriptions with something due on `today`: a new interval, an end, an expired payment deadline. */
export async function faelligeAboIds(db: Db, today: string): Promise<number[]> {
  const rows = await db
    .select({ id: abos.id })
    .from(abos)
    .where(
      and(
        inArray(abos.status, [...AKTIVE_ABO_STATUSES]),
        or(lte(abos.naechstePeriode, today), lt(abos.vertragsendeDatum, today), lt(abos.zahlungsfrist, today)),
      ),
    )
    .orderBy(asc(abos.id));
  return rows.map((row) => row.id);
}

// ---- payments and intervals

export async function insertAboZahlung(
  tx: Transaction,
  values: { zahlungId: number; aboId: number; periodeNr: number; redirectUrl: string },
): Promise<void> {
  await tx.insert(aboZahlungen).values(values);
}

export const findAboZahlung = async (tx: Transaction, zahlungId: number): Promise<AboZahlungRow | undefined> =>
  (await tx.select().from(aboZahlungen).where(eq(aboZahlungen.zahlungId, zahlungId)).limit(1))[0];

/** The open payment request of one interval, newest first. */
export async function findOffeneAboZahlung(
  db: Db,
  aboId: number,
  periodeNr: number,
): Promise<AboZahlungRow | undefined> {
  const [row] = await db
    .select()
    .from(aboZahlungen)
    .where(and(eq(aboZahlungen.aboId, aboId), eq(aboZahlungen.periodeNr, periodeNr), eq(aboZahlungen.status, 'OFFEN')))
    .orderBy(desc(aboZahlungen.erstelltAm))
    .limit(1);
  return row;
}

/** Every open payment request of a subscription (cancelled when it ends). */
export const offeneAboZahlungen = (tx: Transaction, aboId: number): Promise<AboZahlungRow[]> =>
  tx
    .select()
    .from(aboZahlungen)
    .where(and(eq(aboZahlungen.aboId, aboId), eq(aboZahlungen.status, 'OFFEN')));

export async function setAboZahlungStatus(
  tx: Transaction,
  zahlungId: number,
  status: AboZahlungRow['status'],
): Promise<void> {
  await tx.update(aboZahlungen).set({ status }).where(eq(aboZahlungen.zahlungId, zahlungId));
}

/** Records a granted interval; false when it was recorded before (the unique index decides). */
export async function insertPeriode(
  tx: Transaction,
  values: { aboId: number; nr: number; beginn: string; ende: string; zahlungId: number | null; gutgeschriebenAm: Date },
): Promise<boolean> {
  const rows = await tx.insert(aboPerioden).values(values).onConflictDoNothing().returning({ id: aboPerioden.id });
  return rows.length > 0;
}

export const periodenOf = (db: Db, aboId: number) =>
  db.select().from(aboPerioden).where(eq(aboPerioden.aboId, aboId)).orderBy(asc(aboPerioden.nr));

// ---- notices

export async function insertHinweis(
  tx: Transaction,
  values: { patientUserId: number; aboId: number | null; text: string; erstelltAm: Date },
): Promise<void> {
  await tx.insert(aboHinweise).values(values);
}

export const hinweiseSeit = (db: Db, patientUserId: number, since: Date) =>
  db
    .select({ text: aboHinweise.text })
    .from(aboHinweise)
    .where(and(eq(aboHinweise.patientUserId, patientUserId), gte(aboHinweise.erstelltAm, since)))
    .orderBy(desc(aboHinweise.erstelltAm), desc(aboHinweise.id));

/**
 * Self-service export: the patient's subscriptions with their intervals, interval payments and notices. The
 * payment's checkout address is left out: it carries the payment's capability token.
 */
export async function exportPatient(db: Db, userId: number): Promise<Record<string, unknown[]>> {
  const aboRows = await db.select().from(abos).where(eq(abos.patientUserId, userId)).orderBy(asc(abos.id));
  const aboIds = aboRows.map((abo) => abo.id);
  const perioden = aboIds.length
    ? await db.select().from(aboPerioden).where(inArray(aboPerioden.aboId, aboIds)).orderBy(asc(aboPerioden.id))
    : [];
  const zahlungen = aboIds.length
    ? await db
        .select(columnsWithout(aboZahlungen, 'redirectUrl'))
        .from(aboZahlungen)
        .where(inArray(aboZahlungen.aboId, aboIds))
        .orderBy(asc(aboZahlungen.zahlungId))
    : [];
  const hinweise = await db
    .select()
    .from(aboHinweise)
    .where(eq(aboHinweise.patientUserId, userId))
    .orderBy(asc(aboHinweise.id));
  return {
    [exportKey(abos)]: aboRows,
    [exportKey(aboPerioden)]: perioden,
    [exportKey(aboZahlungen)]: zahlungen,
    [exportKey(aboHinweise)]: hinweise,
  };
}
