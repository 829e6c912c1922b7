import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { RezeptStatus } from '@dihs/contract/rezept';
import type { Database, Transaction } from '../../db/client.ts';
import { boundedTotal, type BoundedTotal } from '../../db/paging.ts';
import { preparedStatement } from '../../db/prepared.ts';
import type { Sealed } from '../../lib/envelope.ts';
import { exportKey } from '../../lib/patient-export.ts';
import { rezeptDateien, rezepte, type RezeptRow } from './rezept.table.ts';

type Db = Database | Transaction;

/** A new prescription row; its id is the associated data of its content, so the content follows in a second step. */
export async function insertRezept(
  tx: Transaction,
  values: { patientUserId: number; originalFilename: string; mediaType: string; anmerkung: string },
): Promise<RezeptRow> {
  const [row] = await tx.insert(rezepte).values(values).returning();
  return row!;
}

/** The wrapped data key of a content; the content itself goes to the object store. */
export type WrappedKey = Omit<Sealed, 'inhalt'>;

export async function insertInhalt(tx: Transaction, rezeptId: number, key: WrappedKey): Promise<void> {
  await tx.insert(rezeptDateien).values({ rezeptId, ...key });
}

export async function findRezept(db: Db, id: number): Promise<RezeptRow | undefined> {
  const [row] = await db.select().from(rezepte).where(eq(rezepte.id, id));
  return row;
}

/** The row locked until the transaction ends: status changes and credit edits of one prescription run one at a time. */
export async function lockRezept(tx: Transaction, id: number): Promise<RezeptRow | undefined> {
  const [row] = await tx.select().from(rezepte).where(eq(rezepte.id, id)).for('update');
  return row;
}

export async function findInhalt(db: Db, rezeptId: number): Promise<WrappedKey | undefined> {
  const [row] = await db
    .select({
      schluessel: rezeptDateien.schluessel,
      schluesselVersion: rezeptDateien.schluesselVersion,
    })
    .from(rezeptDateien)
    .where(eq(rezeptDateien.rezeptId, rezeptId));
  return row;
}

const ofPatient = preparedStatement('rezepte_des_patienten', (db, name) =>
  db
    .select()
    .from(rezepte)
    .where(eq(rezepte.patientUserId, sql.placeholder('patientUserId')))
    .orderBy(desc(rezepte.eingereicht), desc(rezepte.id))
    .prepare(name),
);

/** A patient's prescriptions, newest first (a handful: not paged). */
export function listOfPatient(db: Db, patientUserId: number): Promise<RezeptRow[]> {
  return ofPatient(db).execute({ patientUserId });
}

/** The operator's page, of all prescriptions or of one status: prepared once per connection (db/prepared.ts). */
const pageStatement = (byStatus: boolean) => (db: Db, name: string) =>
  db
    .select()
    .from(rezepte)
    .where(byStatus ? eq(rezepte.status, sql.placeholder('status')) : undefined)
    // walks the index rezept_eingereicht (or rezept_status) from the newest: as cheap at 100,000 rows as at 1,000
    .orderBy(desc(rezepte.eingereicht), desc(rezepte.id))
    .limit(sql.placeholder('size'))
    .offset(sql.placeholder('offset'))
    .prepare(name);
const countStatement = (byStatus: boolean) => (db: Db, name: string) =>
  db
    .select({ n: count() })
    .from(
      db
        .select({ one: sql`1` })
        .from(rezepte)
        .where(byStatus ? eq(rezepte.status, sql.placeholder('status')) : undefined)
        .limit(sql.placeholder('limit'))
        .as('treffer'),
    )
    .prepare(name);
const pageOfAll = preparedStatement('rezepte_seite', pageStatement(false));
const pageOfStatus = preparedStatement('rezepte_seite_status', pageStatement(true));
const countOfAll = preparedStatement('rezepte_zahl', countStatement(false));
const countOfStatus = preparedStatement('rezepte_zahl_status', countStatement(true));

/** One page of every prescription (or those of one status), newest first, with its bounded total. */
export async function listAll(
  db: Db,
  status: RezeptStatus | null,
  page: number,
  size: number,
): Promise<{ rows: RezeptRow[] } & BoundedTotal> {
  const offset = page * size;
  const rows = await (status ? pageOfStatus : pageOfAll)(db).execute({ status, size, offset });
  const total = await boundedTotal(rows.length, offset, size, async (limit) => {
    const [counted] = await (status ? countOfStatus : countOfAll)(db).execute({ status, limit });
    return counted?.n ?? 0;
  });
  return { rows, ...total };
}

export async function updateRezept(
  tx: Transaction,
  id: number,
  values: Partial<Omit<RezeptRow, 'id' | 'patientUserId' | 'eingereicht'>>,
): Promise<RezeptRow> {
  const [row] = await tx.update(rezepte).set(values).where(eq(rezepte.id, id)).returning();
  return row!;
}

export async function deleteInhalt(tx: Transaction, rezeptId: number): Promise<void> {
  await tx.delete(rezeptDateien).where(eq(rezeptDateien.rezeptId, rezeptId));
}

/** Every prescription of the patient (erasure; the rows cascade to their keys); answers the ids that had content. */
export async function deleteOfPatient(tx: Transaction, patientUserId: number): Promise<number[]> {
  const deleted = await tx
    .delete(rezepte)
    .where(eq(rezepte.patientUserId, patientUserId))
    .returning({ id: rezepte.id });
  return deleted.map((row) => row.id);
}

/** The self-service export's keys of the prescriptions and their files: the tables' SQL names. */
export const EXPORT_KEYS = { rezepte: exportKey(rezepte), dateien: exportKey(rezeptDateien) } as const;

/** Wrapped keys of the patient's contents, for the self-service export. */
export function inhalteOfPatient(db: Db, patientUserId: number) {
  return db
    .select({
      rezeptId: rezeptDateien.rezeptId,
      schluessel: rezeptDateien.schluessel,
      schluesselVersion: rezeptDateien.schluesselVersion,
    })
    .from(rezeptDateien)
    .innerJoin(rezepte, eq(rezepte.id, rezeptDateien.rezeptId))
    .where(eq(rezepte.patientUserId, patientUserId))
    .orderBy(asc(rezeptDateien.rezeptId));
}

/** A batch of wrapped keys not under the given master key version, after the id `afterId`, with their owners (rotation). */
export function keysNotAtVersion(tx: Transaction, version: number, afterId: number, limit: number) {
  return tx
    .select({
      rezeptId: rezeptDateien.rezeptId,
      patientUserId: rezepte.patientUserId,
      schluessel: rezeptDateien.schluessel,
      schluesselVersion: rezeptDateien.schluesselVersion,
    })
    .from(rezeptDateien)
    .innerJoin(rezepte, eq(rezepte.id, rezeptDateien.rezeptId))
    .where(sql`${rezeptDateien.schluesselVersion} <> ${version} and ${rezeptDateien.rezeptId} > ${afterId}`)
    .orderBy(asc(rezeptDateien.rezeptId))
    .limit(limit)
    .for('update', { of: rezeptDateien, skipLocked: true });
}

export async function updateKey(
  tx: Transaction,
  rezeptId: number,
  wrapped: { schluessel: Buffer; schluesselVersion: number },
): Promise<void> {
  await tx.update(rezeptDateien).set(wrapped).where(eq(rezeptDateien.rezeptId, rezeptId));
}
