import {
  alsSichtbarkeitsFrage,
  FRAGEBOGEN_TEXTS,
  istBeantwortet,
  SKALA_MAX,
  SKALA_MIN,
  sichtbareFragen,
  type Antwort,
  type AntwortWert,
  type PatientFragebogen,
  type PatientFragebogenSpeichern,
} from '@dihs/contract/fragebogen';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import { conflict, refusedByTrigger } from '../../lib/state-conflict.ts';
import {
  answersOf,
  findPatientDraft,
  findPatientFragebogen,
  insertPatientFragebogen,
  latestPublishedDefinition,
  listPatientFrageboegen,
  publishPatientFragebogen,
  questionsOf,
  replaceAnswers,
} from './fragebogen.repository.ts';
import type { FragebogenFrageRow, PatientFragebogenAntwortRow, PatientFragebogenRow } from './fragebogen.table.ts';

const frageVon = (q: FragebogenFrageRow): Antwort['frage'] => ({
  id: q.id,
  frage: q.frage,
  typ: q.typ,
  position: q.position,
  frageAbhaengigVonFrage: q.abhaengigVonFrageId,
  frageAnzeigenWennBedingung: q.abhaengigVonBedingung,
});

/** The questionnaire with every active question of its definition, in order, each with its answer or null. */
function toPatientFragebogen(
  row: PatientFragebogenRow,
  questions: readonly FragebogenFrageRow[],
  answers: readonly PatientFragebogenAntwortRow[],
): PatientFragebogen {
  const byQuestion = new Map(
    answers.filter((a) => a.patientFragebogenId === row.id).map((a) => [a.frageId, a.antwort] as const),
  );
  return {
    id: row.id,
    patientId: row.patientUserId,
    titel: row.titel,
    erstellt: row.erstelltAm.toISOString(),
    veroeffentlicht: row.veroeffentlicht?.toISOString() ?? null,
    antworten: questions
      .filter((q) => q.fragebogenId === row.definitionId && q.aktiv)
      .map((q) => ({ frage: frageVon(q), antwort: byQuestion.get(q.id) ?? null })),
  };
}

async function withAnswers(db: Database, rows: PatientFragebogenRow[]): Promise<PatientFragebogen[]> {
  const questions = await questionsOf(db, [...new Set(rows.map((row) => row.definitionId))]);
  const answers = await answersOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toPatientFragebogen(row, questions, answers));
}

/** GET /fragebogen/patient/all and /get/{patientId}: drafts first, then the newest. */
export async function frageboegenVon(db: Database, patientUserId: number): Promise<PatientFragebogen[]> {
  return withAnswers(db, await listPatientFrageboegen(db, patientUserId));
}

/** One questionnaire, for the access check that needs its patient before anything is read (404 when unknown). */
export async function patientFragebogenZeile(db: Database, id: number): Promise<PatientFragebogenRow> {
  const row = await findPatientFragebogen(db, id);
  if (!row) throw HttpError.notFound(FRAGEBOGEN_TEXTS.patientFragebogenNichtGefunden);
  return row;
}

export async function patientFragebogen(db: Database, row: PatientFragebogenRow): Promise<PatientFragebogen> {
  const [result] = await withAnswers(db, [row]);
  return result!;
}

/** GET /fragebogen/patient/new/{patientId}: a draft against the newest published definition; one draft at a time. */
export async function neuerPatientFragebogen(
  db: Database,
  patientUserId: number,
  erstelltVon: number,
): Promise<PatientFragebogen> {
  try {
    const row = await db.transaction(async (tx) => {
      if (await findPatientDraft(tx, patientUserId)) throw conflict(FRAGEBOGEN_TEXTS.patientEntwurfVorhanden);
      const definition = await latestPublishedDefinition(tx);
      if (!definition) throw conflict(FRAGEBOGEN_TEXTS.keinVeroeffentlichterFragebogen);
      return insertPatientFragebogen(tx, {
        patientUserId,
        definitionId: definition.id,
        titel: definition.titel,
        erstelltVon,
      });
    });
    return await patientFragebogen(db, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(FRAGEBOGEN_TEXTS.patientEntwurfVorhanden);
    throw error;
  }
}

/** The answer checked against its question's type; blank text counts as no answer. */
function gepruefteAntwort(frage: FragebogenFrageRow, antwort: AntwortWert): AntwortWert {
  if (antwort === null) return null;
  switch (frage.typ) {
    case 'FREITEXT':
      if (typeof antwort !== 'string') throw HttpError.badRequest(FRAGEBOGEN_TEXTS.antwortFreitext);
      return antwort.trim() === '' ? null : antwort;
    case 'SKALA':
      if (typeof antwort !== 'number' || !Number.isInteger(antwort) || antwort < SKALA_MIN || antwort > SKALA_MAX) {
        throw HttpError.badRequest(FRAGEBOGEN_TEXTS.antwortSkala);
      }
      return antwort;
    case 'WAHRHEITSWERT':
      if (typeof antwort !== 'boolean') throw HttpError.badRequest(FRAGEBOGEN_TEXTS.antwortJaNein);
      return antwort;
  }
}

/**
 * POST /fragebogen/patient/save and /publish (the caller was admitted for the row's patient). The answers are
 * checked against the definition the questionnaire is pinned to; answers of questions the given answers hide are
 * dropped (the server decides visibility too); publishing also needs every shown question answered. One
 * transaction: a refused publication changes nothing.
 */
export async function patientFragebogenSpeichern(
  db: Database,
  input: PatientFragebogenSpeichern,
  publish: Date | null,
): Promise<PatientFragebogen> {
  const row = await refusedByTrigger(FRAGEBOGEN_TEXTS.abgegeben, () =>
    db.transaction(async (tx) => {
      const locked = await findPatientFragebogen(tx, input.id, true);
      if (!locked) throw HttpError.notFound(FRAGEBOGEN_TEXTS.patientFragebogenNichtGefunden);
      if (locked.veroeffentlicht) throw conflict(FRAGEBOGEN_TEXTS.abgegeben);
      const fragen = (await questionsOf(tx, [locked.definitionId])).filter((q) => q.aktiv);
      const byId = new Map(fragen.map((q) => [q.id, q]));
      const antworten = new Map<number, AntwortWert>();
      for (const { frageId, antwort } of input.antworten) {
        const frage = byId.get(frageId);
        if (!frage) throw HttpError.badRequest(FRAGEBOGEN_TEXTS.antwortFremd);
        if (antworten.has(frageId)) throw HttpError.badRequest(FRAGEBOGEN_TEXTS.antwortDoppelt);
        antworten.set(frageId, gepruefteAntwort(frage, antwort));
      }
      const sichtbar = sichtbareFragen(
        fragen.map((q) => alsSichtbarkeitsFrage(frageVon(q))),
        antworten,
      );
      if (publish && [...sichtbar].some((id) => !istBeantwortet(antworten.get(id)))) {
        throw HttpError.badRequest(FRAGEBOGEN_TEXTS.antwortFehlt);
      }
      const behalten = [...antworten]
        .filter(([frageId, antwort]) => sichtbar.has(frageId) && antwort !== null)
        .map(([frageId, antwort]) => ({ frageId, antwort: antwort! }));
      await replaceAnswers(tx, locked.id, behalten);
      if (publish) await publishPatientFragebogen(tx, locked.id, publish);
      return { ...locked, veroeffentlicht: publish };
    }),
  );
  return patientFragebogen(db, row);
}
