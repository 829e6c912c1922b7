import { and, asc, count, desc, eq, gte, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { preparedSql, preparedStatement } from '../../db/prepared.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import {
  planEintraege,
  planErledigt,
  planSets,
  uebungen,
  vorlagen,
  vorlageUebungen,
  type PlanEintragRow,
  type PlanSetRow,
} from './training.table.ts';

type Db = Database | Transaction;

export interface EintragZahlen {
  dauer: number;
  anzahl: number;
  pause: number;
  wiederholungen: number;
  information: string;
}

// ---------- exercises

/** Escapes LIKE wildcards so a title filter matches literally. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listUebungen(db: Db, titel: string | undefined, seite: number, size: number) {
  const where = titel ? ilike(uebungen.titel, likeText(titel)) : undefined;
  const rows = await db
    .select()
    .from(uebungen)
    .where(where)
    .orderBy(sql`lower(${uebungen.titel})`, asc(uebungen.id))
    .limit(size)
    .offset(seite * size);
  const [total] = await db.select({ n: count() }).from(uebungen).where(where);
  return { rows, gesamt: total?.n ?? 0 };
}

/** Every exercise by title (case-insensitive), at most `limit`. */
export const listUebungenSortiert = (db: Db, limit: number) =>
  db
    .select()
    .from(uebungen)
    .orderBy(sql`lower(${uebungen.titel})`, asc(uebungen.id))
    .limit(limit);

export const findUebungen = (db: Db, ids: readonly number[]) =>
  db
    .select()
    .from(uebungen)
    .where(inArray(uebungen.id, [...ids]));

export const findUebung = async (db: Db, id: number) =>
  (await db.select().from(uebungen).where(eq(uebungen.id, id)))[0];

export const insertUebung = async (
  db: Db,
  values: { titel: string; beschreibung: string; videoUrl: string; erstelltVon: number },
) => (await db.insert(uebungen).values(values).returning())[0]!;

export const updateUebung = async (
  db: Db,
  id: number,
  values: { titel: string; beschreibung: string; videoUrl: string; vorschauBild?: string | null },
) => (await db.update(uebungen).set(values).where(eq(uebungen.id, id)).returning())[0];

/** Stores the thumbnail key unless the link changed meanwhile; answers whether it did store it. */
export const setUebungVorschauIfLink = async (db: Db, id: number, videoUrl: string, key: string) =>
  (
    await db
      .update(uebungen)
      .set({ vorschauBild: key })
      .where(and(eq(uebungen.id, id), eq(uebungen.videoUrl, videoUrl)))
      .returning({ id: uebungen.id })
  ).length > 0;

/** How many plan entries and template exercises use the exercise. */
export async function uebungVerwendung(db: Db, id: number) {
  const [plaene] = await db.select({ n: count() }).from(planEintraege).where(eq(planEintraege.uebungId, id));
  const [inVorlagen] = await db.select({ n: count() }).from(vorlageUebungen).where(eq(vorlageUebungen.uebungId, id));
  return { plaene: plaene?.n ?? 0, vorlagen: inVorlagen?.n ?? 0 };
}

export const deleteUebung = (db: Db, id: number) => db.delete(uebungen).where(eq(uebungen.id, id)).returning();

// ---------- templates

export const vorlagenOf = (db: Db, therapeutUserId: number) =>
  db
    .select({ id: vorlagen.id, befund: vorlagen.befund })
    .from(vorlagen)
    .where(eq(vorlagen.therapeutUserId, therapeutUserId))
    .orderBy(asc(vorlagen.id));

/** Every template that has at least one exercise (the "Vorlage:" choice of a new plan). */
export const vorlagenMitUebungen = (db: Db) =>
  db
    .select({ id: vorlagen.id, befund: vorlagen.befund })
    .from(vorlagen)
    .where(sql`exists (select 1 from ${vorlageUebungen} where ${vorlageUebungen.vorlageId} = ${vorlagen.id})`)
    .orderBy(sql`lower(${vorlagen.befund})`, asc(vorlagen.id));

export const findVorlage = async (db: Db, id: number) =>
  (await db.select().from(vorlagen).where(eq(vorlagen.id, id)))[0];

/** The template row, locked: changes of one template's exercises run one after the other. */
export const lockVorlage = async (tx: Transaction, id: number) =>
  (await tx.select().from(vorlagen).where(eq(vorlagen.id, id)).for('update'))[0];

export const insertVorlage = async (db: Db, therapeutUserId: number, befund: string) =>
  (await db.insert(vorlagen).values({ therapeutUserId, befund }).returning())[0]!;

export const renameVorlage = async (db: Db, id: number, befund: string) =>
  (await db.update(vorlagen).set({ befund }).where(eq(vorlagen.id, id)).returning())[0];

export const deleteVorlage = (db: Db, id: number) => db.delete(vorlagen).where(eq(vorlagen.id, id));

const vorlageUebungColumns = {
  id: vorlageUebungen.id,
  vorlageId: vorlageUebungen.vorlageId,
  uebungId: vorlageUebungen.uebungId,
  position: vorlageUebungen.position,
  dauer: vorlageUebungen.dauer,
  anzahl: vorlageUebungen.anzahl,
  pause: vorlageUebungen.pause,
  wiederholungen: vorlageUebungen.wiederholungen,
  information: vorlageUebungen.information,
  titel: uebungen.titel,
  videoUrl: uebungen.videoUrl,
  vorschauBild: uebungen.vorschauBild,
};

export const vorlageUebungenOf = (db: Db, vorlageId: number) =>
  db
    .select(vorlageUebungColumns)
    .from(vorlageUebungen)
    .innerJoin(uebungen, eq(uebungen.id, vorlageUebungen.uebungId))
    .where(eq(vorlageUebungen.vorlageId, vorlageId))
    .orderBy(asc(vorlageUebungen.position));

export const findVorlageUebung = async (db: Db, id: number) =>
  (
    await db
      .select(vorlageUebungColumns)
      .from(vorlageUebungen)
      .innerJoin(uebungen, eq(uebungen.id, vorlageUebungen.uebungId))
      .where(eq(vorlageUebungen.id, id))
  )[0];

export async function insertVorlageUebung(
  tx: Transaction,
  vorlageId: number,
  uebungId: number,
  zahlen: EintragZahlen,
): Promise<number> {
  const [last] = await tx.select({ n: count() }).from(vorlageUebungen).where(eq(vorlageUebungen.vorlageId, vorlageId));
  const [row] = await tx
    .insert(vorlageUebungen)
    .values({ vorlageId, uebungId, position: (last?.n ?? 0) + 1, ...zahlen })
    .returning({ id: vorlageUebungen.id });
  return row!.id;
}

export const updateVorlageUebung = (db: Db, id: number, zahlen: EintragZahlen) =>
  db.update(vorlageUebungen).set(zahlen).where(eq(vorlageUebungen.id, id));

export async function deleteVorlageUebung(tx: Transaction, id: number, vorlageId: number) {
  await tx.delete(vorlageUebungen).where(eq(vorlageUebungen.id, id));
  const rest = await tx
    .select({ id: vorlageUebungen.id, position: vorlageUebungen.position })
    .from(vorlageUebungen)
    .where(eq(vorlageUebungen.vorlageId, vorlageId))
    .orderBy(asc(vorlageUebungen.position), asc(vorlageUebungen.id));
  await renumber(tx, 'trainingsplan_vorlage_uebung', rest);
}

// ---------- plan sets

export const setsOf = (db: Db, patientUserId: number) =>
  db
    .select({ id: planSets.id, validFrom: planSets.validFrom })
    .from(planSets)
    .where(eq(planSets.patientUserId, patientUserId))
    .orderBy(desc(planSets.validFrom), desc(planSets.id));

/**
 * The id of the set the patient sees at `now` (placeholders `patient` and `now`): the newest whose valid-from has
 * passed. The one statement of that rule, for marking an exercise done (setzeErledigt, loescheErledigt) and for the
 * plan page (planHeute).
 */
const currentSetId = sql`(select ${planSets.id} from ${planSets}
  where ${planSets.patientUserId} = ${sql.placeholder('patient')} and ${planSets.validFrom} <= ${sql.placeholder('now')}
  order by ${planSets.validFrom} desc, ${planSets.id} desc limit 1)`;

export const findSet = async (db: Db, id: number) => (await db.select().from(planSets).where(eq(planSets.id, id)))[0];

/** The set row, locked: every change of a set's entries runs one after the other, so positions stay contiguous. */
export const lockSet = async (tx: Transaction, id: number) =>
  (await tx.select().from(planSets).where(eq(planSets.id, id)).for('update'))[0];

export const insertSet = async (
  db: Db,
  values: { patientUserId: number; therapeutUserId: number | null; validFrom: Date },
) => (await db.insert(planSets).values(values).returning())[0]!;

export const setValidFrom = async (db: Db, id: number, validFrom: Date) =>
  (await db.update(planSets).set({ validFrom }).where(eq(planSets.id, id)).returning())[0];

/** Copies a template's exercises into a set, in the template's order from position 1. */
export async function copyVorlageIntoSet(tx: Transaction, vorlageId: number, setId: number) {
  const rows = await tx
    .select()
    .from(vorlageUebungen)
    .where(eq(vorlageUebungen.vorlageId, vorlageId))
    .orderBy(asc(vorlageUebungen.position), asc(vorlageUebungen.id));
  if (rows.length === 0) return;
  await tx.insert(planEintraege).values(
    rows.map((row, index) => ({
      setId,
      uebungId: row.uebungId,
      position: index + 1,
      dauer: row.dauer,
      anzahl: row.anzahl,
      pause: row.pause,
      wiederholungen: row.wiederholungen,
      information: row.information,
    })),
  );
}

const eintragColumns = {
  id: planEintraege.id,
  setId: planEintraege.setId,
  uebungId: planEintraege.uebungId,
  position: planEintraege.position,
  dauer: planEintraege.dauer,
  anzahl: planEintraege.anzahl,
  pause: planEintraege.pause,
  wiederholungen: planEintraege.wiederholungen,
  information: planEintraege.information,
  titel: uebungen.titel,
  videoUrl: uebungen.videoUrl,
  vorschauBild: uebungen.vorschauBild,
};
export type EintragView = Awaited<ReturnType<typeof selectEintraege>>[number];

const selectEintraege = (db: Db, where: SQL) =>
  db
    .select(eintragColumns)
    .from(planEintraege)
    .innerJoin(uebungen, eq(uebungen.id, planEintraege.uebungId))
    .where(where)
    .orderBy(asc(planEintraege.position), asc(planEintraege.id));

const eintraegeOfSet = preparedStatement('trainingsplan_eintraege', (db, name) =>
  selectEintraege(db, eq(planEintraege.setId, sql.placeholder('set'))).prepare(name),
);

export const eintraegeOf = (db: Db, setId: number): Promise<EintragView[]> =>
  eintraegeOfSet(db).execute({ set: setId });

export const findEintragView = async (db: Db, id: number) => (await selectEintraege(db, eq(planEintraege.id, id)))[0];

export const findEintrag = async (db: Db, id: number): Promise<PlanEintragRow | undefined> =>
  (await db.select().from(planEintraege).where(eq(planEintraege.id, id)))[0];

export async function countEintraege(db: Db, setId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(planEintraege).where(eq(planEintraege.setId, setId));
  return row?.n ?? 0;
}

export const insertEintrag = async (
  db: Db,
  values: { setId: number; uebungId: number; position: number } & EintragZahlen,
) => (await db.insert(planEintraege).values(values).returning({ id: planEintraege.id }))[0]!.id;

export const updateEintrag = (db: Db, id: number, values: { uebungId: number } & EintragZahlen) =>
  db.update(planEintraege).set(values).where(eq(planEintraege.id, id));

export const deleteEintrag = (db: Db, id: number) => db.delete(planEintraege).where(eq(planEintraege.id, id));

/** The ids of a set's entries in their order. */
export const orderedEintragIds = async (db: Db, setId: number) =>
  (
    await db
      .select({ id: planEintraege.id, position: planEintraege.position })
      .from(planEintraege)
      .where(eq(planEintraege.setId, setId))
      .orderBy(asc(planEintraege.position), asc(planEintraege.id))
  ).map((row) => ({ id: row.id, position: row.position }));

/**
 * Gives the rows positions 1..n in the given order with one UPDATE, touching only rows whose position changes. The
 * (parent, position) unique constraint is deferred to the commit, so the rows may pass through duplicates.
 */
export async function renumber(
  tx: Transaction,
  table: 'trainingsplan_eintrag' | 'trainingsplan_vorlage_uebung',
  ordered: readonly { id: number; position: number }[],
) {
  const changes = ordered.map((row, index) => ({ id: row.id, position: index + 1, was: row.position }));
  const moved = changes.filter((row) => row.position !== row.was);
  if (moved.length === 0) return;
  const values = sql.join(
    moved.map((row) => sql`(${row.id}::integer, ${row.position}::integer)`),
    sql`, `,
  );
  await tx.execute(
    sql`update ${sql.identifier(table)} as t set position = v.position from (values ${values}) as v(id, position) where t.id = v.id`,
  );
}

// ---------- adherence

/** A column's bare name, for the parts of a statement that take no table prefix (insert list, conflict target). */
const bare = (column: { name: string }) => sql.identifier(column.name);

// A done mark is written in one statement that also decides whether the entry belongs to the patient's set in force
// (currentSetId): a check first and a write after it could store a mark the therapist's adherence never reads (a
// new plan came in force between them) or fail with a foreign key error (the entry was removed between them).
// Prepared once per connection (db/prepared.ts): sent on every tick.
const setzeErledigt = preparedSql<{ schmerz: number | null }>(
  'trainingsplan_erledigt_setzen',
  sql`insert into ${planErledigt} (${bare(planErledigt.eintragId)}, ${bare(planErledigt.patientUserId)},
    ${bare(planErledigt.tag)}, ${bare(planErledigt.schmerz)})
  select ${planEintraege.id}, ${sql.placeholder('patient')}::integer, ${sql.placeholder('tag')}::date,
    ${sql.placeholder('schmerz')}::smallint
  from ${planEintraege}
  where ${planEintraege.id} = ${sql.placeholder('eintrag')} and ${planEintraege.setId} = ${currentSetId}
  on conflict (${bare(planErledigt.eintragId)}, ${bare(planErledigt.tag)}) do update
    set ${bare(planErledigt.schmerz)} = excluded.${bare(planErledigt.schmerz)},
      ${bare(planErledigt.erfasstAm)} = now()
  returning ${bare(planErledigt.schmerz)} as schmerz`,
);

const loescheErledigt = preparedSql<{ id: number }>(
  'trainingsplan_erledigt_loeschen',
  sql`with ziel as (
    select ${planEintraege.id} as id from ${planEintraege}
    where ${planEintraege.id} = ${sql.placeholder('eintrag')} and ${planEintraege.setId} = ${currentSetId}
  ), geloescht as (
    delete from ${planErledigt}
    where ${planErledigt.eintragId} in (select id from ziel) and ${planErledigt.tag} = ${sql.placeholder('tag')}::date
  )
  select id from ziel`,
);

/**
 * Marks the entry done on the day `tag` with the pain, if it is an entry of the patient's set in force at `now`; a
 * second mark of the day changes the pain (one mark per entry and day). Answers the stored mark, or null when nothing
 * was stored (the entry is not in that set, or it was removed meanwhile).
 */
export async function markErledigt(
  db: Db,
  values: { eintragId: number; patientUserId: number; tag: string; schmerz: number | null; now: Date },
): Promise<{ schmerz: number | null } | null> {
  try {
    const [row] = await setzeErledigt(db).execute({
      eintrag: values.eintragId,
      patient: values.patientUserId,
      tag: values.tag,
      schmerz: values.schmerz,
      now: values.now,
    });
    return row ? { schmerz: row.schmerz } : null;
  } catch (error) {
    // the entry was removed while the mark was being written (the removal held its row): nothing stored
    if (isForeignKeyViolation(error)) return null;
    throw error;
  }
}

/** Done marks as they were recorded earlier (the demo's past two weeks), in one statement. */
export async function insertErledigt(
  tx: Transaction,
  rows: { eintragId: number; patientUserId: number; tag: string; schmerz: number | null; erfasstAm: Date }[],
) {
  if (rows.length > 0) await tx.insert(planErledigt).values(rows);
}

/**
 * Removes the entry's mark of the day `tag`, if it is an entry of the patient's set in force at `now` (no mark to
 * remove is no error). Answers whether the entry is one of that set; false: nothing was changed.
 */
export async function unmarkErledigt(
  db: Db,
  values: { eintragId: number; patientUserId: number; tag: string; now: Date },
): Promise<boolean> {
  const rows = await loescheErledigt(db).execute({
    eintrag: values.eintragId,
    patient: values.patientUserId,
    tag: values.tag,
    now: values.now,
  });
  return rows.length > 0;
}

// The patient's plan page in one statement: the set in force (the newest whose valid-from has passed), its entries
// with their exercises, and each entry's mark of the day. One row per entry; a set without entries gives one row
// whose entry is empty; no set, no row.
const planHeute = preparedStatement('trainingsplan_heute', (db, name) =>
  db
    .select({
      set: planSets,
      eintrag: eintragColumns,
      mark: { id: planErledigt.id, schmerz: planErledigt.schmerz },
    })
    .from(planSets)
    .leftJoin(planEintraege, eq(planEintraege.setId, planSets.id))
    .leftJoin(uebungen, eq(uebungen.id, planEintraege.uebungId))
    .leftJoin(
      planErledigt,
      and(eq(planErledigt.eintragId, planEintraege.id), eq(planErledigt.tag, sql.placeholder('tag'))),
    )
    .where(eq(planSets.id, currentSetId))
    .orderBy(asc(planEintraege.position), asc(planEintraege.id))
    .prepare(name),
);

/** The plan page's set with its entries, each with its done mark of the day (null: not done). */
export interface PlanAmTag {
  set: PlanSetRow;
  eintraege: { eintrag: EintragView; mark: { schmerz: number | null } | null }[];
}

/** The set the patient sees at `now` with its entries and each entry's done mark of the day `tag`; null: no set. */
export async function planAmTag(db: Db, patientUserId: number, now: Date, tag: string): Promise<PlanAmTag | null> {
  const rows = await planHeute(db).execute({ patient: patientUserId, now, tag });
  if (!rows.length) return null;
  // a set without entries comes as one row whose entry is empty (Drizzle types the joined fields as nullable)
  const eintraege = rows.filter((row) => row.eintrag.id !== null) as PlanAmTag['eintraege'];
  return { set: rows[0]!.set, eintraege };
}

/** The done marks of the entries from the day `vonTag` on ("YYYY-MM-DD"), oldest first. */
export const erledigtSeit = (db: Db, eintragIds: number[], vonTag: string) =>
  eintragIds.length === 0
    ? Promise.resolve([])
    : db
        .select({ eintragId: planErledigt.eintragId, tag: planErledigt.tag, schmerz: planErledigt.schmerz })
        .from(planErledigt)
        .where(and(inArray(planErledigt.eintragId, eintragIds), gte(planErledigt.tag, vonTag)))
        .orderBy(asc(planErledigt.tag));

// ---------- patient records (care relation, erasure, export)

export async function hasSetByTherapist(db: Db, therapeutUserId: number, patientUserId: number): Promise<boolean> {
  const rows = await db
    .select({ id: planSets.id })
    .from(planSets)
    .where(and(eq(planSets.therapeutUserId, therapeutUserId), eq(planSets.patientUserId, patientUserId)))
    .limit(1);
  return rows.length > 0;
}

/** Deletes a patient's plan sets; entries and done marks go with them (cascade). */
export async function deletePatientPlans(tx: Transaction, patientUserId: number) {
  await tx.delete(planErledigt).where(eq(planErledigt.patientUserId, patientUserId));
  await tx.delete(planSets).where(eq(planSets.patientUserId, patientUserId));
}

export async function patientRows(db: Db, patientUserId: number) {
  const sets = await db.select().from(planSets).where(eq(planSets.patientUserId, patientUserId));
  const setIds = sets.map((set) => set.id);
  const eintraege =
    setIds.length === 0 ? [] : await db.select().from(planEintraege).where(inArray(planEintraege.setId, setIds));
  const erledigt = await db.select().from(planErledigt).where(eq(planErledigt.patientUserId, patientUserId));
  return { sets, eintraege, erledigt };
}
