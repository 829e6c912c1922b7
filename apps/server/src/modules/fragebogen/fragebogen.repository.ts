import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AntwortWert, FrageTyp } from '@dihs/contract/fragebogen';
import type { Database, Transaction } from '../../db/client.ts';
import { exportKey } from '../../lib/patient-export.ts';
import {
  fragebogenDefinitionen,
  fragebogenFragen,
  patientFragebogenAntworten,
  patientFrageboegen,
  type FragebogenDefinitionRow,
  type FragebogenFrageRow,
  type PatientFragebogenAntwortRow,
  type PatientFragebogenRow,
} from './fragebogen.table.ts';

type Db = Database | Transaction;

// --- definitions -------------------------------------------------------------------------------------------------

/** Every definition: the draft first, then the newest published. */
export const listDefinitions = (db: Db): Promise<FragebogenDefinitionRow[]> =>
  db
    .select()
    .from(fragebogenDefinitionen)
    .orderBy(sql`${fragebogenDefinitionen.veroeffentlicht} desc nulls first`, desc(fragebogenDefinitionen.id));

/** One definition; `lock` takes its row for the transaction (saves and publications of one draft in turn). */
export async function findDefinition(db: Db, id: number, lock = false): Promise<FragebogenDefinitionRow | undefined> {
  const query = db.select().from(fragebogenDefinitionen).where(eq(fragebogenDefinitionen.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export const findDefinitions = (db: Db, ids: readonly number[]): Promise<FragebogenDefinitionRow[]> =>
  db
    .select()
    .from(fragebogenDefinitionen)
    .where(inArray(fragebogenDefinitionen.id, [...ids]))
    .orderBy(asc(fragebogenDefinitionen.id));

export async function findDraftDefinition(db: Db): Promise<FragebogenDefinitionRow | undefined> {
  const [row] = await db.select().from(fragebogenDefinitionen).where(isNull(fragebogenDefinitionen.veroeffentlicht));
  return row;
}

export async function latestPublishedDefinition(db: Db): Promise<FragebogenDefinitionRow | undefined> {
  const [row] = await db
    .select()
    .from(fragebogenDefinitionen)
    .where(isNotNull(fragebogenDefinitionen.veroeffentlicht))
    .orderBy(desc(fragebogenDefinitionen.veroeffentlicht), desc(fragebogenDefinitionen.id))
    .limit(1);
  return row;
}

/** The questions of the definitions (inactive ones included), by position, then id. */
export const questionsOf = (db: Db, definitionIds: readonly number[]): Promise<FragebogenFrageRow[]> =>
  definitionIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(fragebogenFragen)
        .where(inArray(fragebogenFragen.fragebogenId, [...definitionIds]))
        .orderBy(sql`${fragebogenFragen.position} asc nulls last`, asc(fragebogenFragen.id));

export async function findQuestion(db: Db, id: number): Promise<FragebogenFrageRow | undefined> {
  const [row] = await db.select().from(fragebogenFragen).where(eq(fragebogenFragen.id, id));
  return row;
}

export async function insertDefinition(tx: Transaction, titel: string): Promise<number> {
  const [row] = await tx.insert(fragebogenDefinitionen).values({ titel }).returning({ id: fragebogenDefinitionen.id });
  return row!.id;
}

export interface NewQuestion {
  fragebogenId: number;
  frage: string;
  typ: FrageTyp;
  position: number | null;
  abhaengigVonFrageId?: number | null;
  abhaengigVonBedingung?: boolean | null;
}

export async function insertQuestion(tx: Transaction, question: NewQuestion): Promise<number> {
  const [row] = await tx.insert(fragebogenFragen).values(question).returning({ id: fragebogenFragen.id });
  return row!.id;
}

export const updateQuestion = (
  tx: Transaction,
  id: number,
  fields: Partial<
    Pick<FragebogenFrageRow, 'frage' | 'typ' | 'position' | 'abhaengigVonFrageId' | 'abhaengigVonBedingung' | 'aktiv'>
  >,
) => tx.update(fragebogenFragen).set(fields).where(eq(fragebogenFragen.id, id));

export const updateDefinition = (
  tx: Transaction,
  id: number,
  fields: Partial<Pick<FragebogenDefinitionRow, 'titel' | 'veroeffentlicht'>>,
) => tx.update(fragebogenDefinitionen).set(fields).where(eq(fragebogenDefinitionen.id, id));

// --- a patient's questionnaires ----------------------------------------------------------------------------------

/** A patient's questionnaires: drafts first, then the newest. */
export const listPatientFrageboegen = (db: Db, patientUserId: number): Promise<PatientFragebogenRow[]> =>
  db
    .select()
    .from(patientFrageboegen)
    .where(eq(patientFrageboegen.patientUserId, patientUserId))
    .orderBy(sql`${patientFrageboegen.veroeffentlicht} desc nulls first`, desc(patientFrageboegen.id));

export async function findPatientFragebogen(
  db: Db,
  id: number,
  lock = false,
): Promise<PatientFragebogenRow | undefined> {
  const query = db.select().from(patientFrageboegen).where(eq(patientFrageboegen.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findPatientDraft(db: Db, patientUserId: number): Promise<PatientFragebogenRow | undefined> {
  const [row] = await db
    .select()
    .from(patientFrageboegen)
    .where(and(eq(patientFrageboegen.patientUserId, patientUserId), isNull(patientFrageboegen.veroeffentlicht)));
  return row;
}

export async function insertPatientFragebogen(
  tx: Transaction,
  values: Pick<PatientFragebogenRow, 'patientUserId' | 'definitionId' | 'titel' | 'erstelltVon'>,
): Promise<PatientFragebogenRow> {
  const [row] = await tx.insert(patientFrageboegen).values(values).returning();
  return row!;
}

export const answersOf = (db: Db, patientFragebogenIds: readonly number[]): Promise<PatientFragebogenAntwortRow[]> =>
  patientFragebogenIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(patientFragebogenAntworten)
        .where(inArray(patientFragebogenAntworten.patientFragebogenId, [...patientFragebogenIds]));

/** Replaces the stored answers of a draft with the given ones (answers of hidden questions are not among them). */
export async function replaceAnswers(
  tx: Transaction,
  patientFragebogenId: number,
  answers: { frageId: number; antwort: Exclude<AntwortWert, null> }[],
): Promise<void> {
  await tx
    .delete(patientFragebogenAntworten)
    .where(eq(patientFragebogenAntworten.patientFragebogenId, patientFragebogenId));
  if (answers.length === 0) return;
  await tx.insert(patientFragebogenAntworten).values(answers.map((a) => ({ ...a, patientFragebogenId })));
}

export const publishPatientFragebogen = (tx: Transaction, id: number, at: Date) =>
  tx.update(patientFrageboegen).set({ veroeffentlicht: at }).where(eq(patientFrageboegen.id, id));

/** Erasure: the questionnaires go, their answers with them (cascade; the triggers allow deleting). */
export const deletePatientFrageboegen = (tx: Transaction, patientUserId: number) =>
  tx.delete(patientFrageboegen).where(eq(patientFrageboegen.patientUserId, patientUserId));

/**
 * Self-service export: the patient's questionnaires and every answer; each answer row carries its question's text
 * and type, so the file reads without the definitions.
 */
export async function exportPatient(db: Db, userId: number): Promise<Record<string, unknown[]>> {
  const frageboegen = await db
    .select()
    .from(patientFrageboegen)
    .where(eq(patientFrageboegen.patientUserId, userId))
    .orderBy(asc(patientFrageboegen.id));
  const antworten = await db
    .select({
      patientFragebogenId: patientFragebogenAntworten.patientFragebogenId,
      frageId: patientFragebogenAntworten.frageId,
      frage: fragebogenFragen.frage,
      typ: fragebogenFragen.typ,
      antwort: patientFragebogenAntworten.antwort,
    })
    .from(patientFragebogenAntworten)
    .innerJoin(patientFrageboegen, eq(patientFrageboegen.id, patientFragebogenAntworten.patientFragebogenId))
    .innerJoin(fragebogenFragen, eq(fragebogenFragen.id, patientFragebogenAntworten.frageId))
    .where(eq(patientFrageboegen.patientUserId, userId))
    .orderBy(asc(patientFragebogenAntworten.patientFragebogenId), asc(fragebogenFragen.position));
  return { [exportKey(patientFrageboegen)]: frageboegen, [exportKey(patientFragebogenAntworten)]: antworten };
}
