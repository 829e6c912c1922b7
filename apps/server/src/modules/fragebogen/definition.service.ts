import { FRAGEBOGEN_LIMITS, FRAGEBOGEN_TEXTS } from '@dihs/contract/fragebogen';
import type { FragebogenDefinition, FragebogenSpeichern } from '@dihs/contract/fragebogen';
import type { z } from 'zod';
import type { frageHinzufuegenSchema } from '@dihs/contract/fragebogen';
import type { Questionnaire } from '@medplum/fhirtypes';
import type { Database, Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import {
  findDefinition,
  findDefinitions,
  findDraftDefinition,
  findQuestion,
  insertDefinition,
  insertQuestion,
  latestPublishedDefinition,
  listDefinitions,
  questionsOf,
  updateDefinition,
  updateQuestion,
} from './fragebogen.repository.ts';
import type { FragebogenDefinitionRow, FragebogenFrageRow } from './fragebogen.table.ts';
import { conflict, refusedByTrigger } from '../../lib/state-conflict.ts';
import {
  fhirJsonLesen,
  fragebogenAlsQuestionnaire,
  fragebogenQuestionnaireUrl,
  questionnaireAlsFragebogen,
} from './fragebogen-fhir.ts';

/** The title of the first draft when nothing was published before. */
const ERSTER_TITEL = 'Befundfragebogen';

function toDefinition(row: FragebogenDefinitionRow, questions: readonly FragebogenFrageRow[]): FragebogenDefinition {
  return {
    id: row.id,
    titel: row.titel,
    veroeffentlicht: row.veroeffentlicht?.toISOString() ?? null,
    fragen: questions
      .filter((q) => q.fragebogenId === row.id && q.aktiv)
      .map((q) => ({
        id: q.id,
        frage: q.frage,
        typ: q.typ,
        position: q.position,
        abhaengigVonFrageId: q.abhaengigVonFrageId,
        abhaengigVonBedingung: q.abhaengigVonBedingung,
        fragebogenId: q.fragebogenId,
        aktiv: q.aktiv,
      })),
  };
}

async function loadDefinition(db: Database | Transaction, id: number): Promise<FragebogenDefinition> {
  const row = await findDefinition(db, id);
  if (!row) throw HttpError.notFound(FRAGEBOGEN_TEXTS.definitionNichtGefunden);
  return toDefinition(row, await questionsOf(db, [id]));
}

/** The draft, locked for the transaction; a published one is read-only (409), an unknown one 404. */
async function lockDraft(tx: Transaction, id: number): Promise<FragebogenDefinitionRow> {
  const row = await findDefinition(tx, id, true);
  if (!row) throw HttpError.notFound(FRAGEBOGEN_TEXTS.definitionNichtGefunden);
  if (row.veroeffentlicht) throw conflict(FRAGEBOGEN_TEXTS.veroeffentlicht);
  return row;
}

/** GET /fragebogen/all: the draft first, then the newest published, each with its active questions. */
export async function alleDefinitionen(db: Database): Promise<FragebogenDefinition[]> {
  const rows = await listDefinitions(db);
  const questions = await questionsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toDefinition(row, questions));
}

/**
 * GET /fragebogen/new: a new draft. It starts as a copy of the newest published questionnaire (published ones are
 * read-only, so a new version is how a questionnaire changes; docs/decisions.md). Only one draft at a time.
 */
export async function neueDefinition(db: Database): Promise<FragebogenDefinition> {
  return neuerEntwurf(db, async (tx) => {
    const vorlage = await latestPublishedDefinition(tx);
    if (!vorlage) return { titel: ERSTER_TITEL, fragen: [] };
    const alte = (await questionsOf(tx, [vorlage.id])).filter((q) => q.aktiv);
    return {
      titel: vorlage.titel,
      fragen: alte.map((q) => ({
        schluessel: String(q.id),
        frage: q.frage,
        typ: q.typ,
        position: q.position,
        abhaengigVon: q.abhaengigVonFrageId === null ? null : String(q.abhaengigVonFrageId),
        bedingung: q.abhaengigVonBedingung,
      })),
    };
  });
}

/** A question of a new draft; its dependency names another of the same draft by key (the ids come on insert). */
interface EntwurfFrage {
  schluessel: string;
  frage: string;
  typ: FragebogenFrageRow['typ'];
  position: number | null;
  abhaengigVon: string | null;
  bedingung: boolean | null;
}

/**
 * A new draft with the given title and questions, in one transaction; only one draft at a time (409, also when two
 * operators race: the unique index on the draft decides).
 */
async function neuerEntwurf(
  db: Database,
  inhalt: (tx: Transaction) => Promise<{ titel: string; fragen: readonly EntwurfFrage[] }>,
): Promise<FragebogenDefinition> {
  try {
    const id = await db.transaction(async (tx) => {
      if (await findDraftDefinition(tx)) throw conflict(FRAGEBOGEN_TEXTS.entwurfVorhanden);
      const { titel, fragen } = await inhalt(tx);
      const id = await insertDefinition(tx, titel);
      // insert in order, then point the dependencies at the new ids
      const neueIds = new Map<string, number>();
      for (const q of fragen) {
        neueIds.set(
          q.schluessel,
          await insertQuestion(tx, { fragebogenId: id, frage: q.frage, typ: q.typ, position: q.position }),
        );
      }
      for (const q of fragen) {
        const ziel = q.abhaengigVon === null ? undefined : neueIds.get(q.abhaengigVon);
        if (ziel === undefined) continue;
        await updateQuestion(tx, neueIds.get(q.schluessel)!, {
          abhaengigVonFrageId: ziel,
          abhaengigVonBedingung: q.bedingung,
        });
      }
      return id;
    });
    return await loadDefinition(db, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(FRAGEBOGEN_TEXTS.entwurfVorhanden);
    throw error;
  }
}

/**
 * POST /fragebogen/fhir/import: a FHIR R4 Questionnaire file as a new draft (docs/fhir.md). The file is read and
 * checked completely before the transaction starts; a refusal stores nothing.
 */
export async function definitionImportieren(db: Database, data: Uint8Array): Promise<FragebogenDefinition> {
  const { titel, fragen } = questionnaireAlsFragebogen(fhirJsonLesen(data));
  return neuerEntwurf(db, () =>
    Promise.resolve({ titel, fragen: fragen.map(({ linkId, ...frage }) => ({ schluessel: linkId, ...frage })) }),
  );
}

/** GET /fragebogen/fhir/:id: the definition as FHIR R4 Questionnaire (404 for an unknown id). */
export async function definitionAlsFhir(db: Database, id: number, publicUrl: string): Promise<Questionnaire> {
  return fragebogenAlsQuestionnaire(await loadDefinition(db, id), fragebogenQuestionnaireUrl(publicUrl, id));
}

/** The definitions with the given ids (unknown ones left out), for the patient's FHIR export. */
export async function definitionenMitIds(db: Database, ids: readonly number[]): Promise<FragebogenDefinition[]> {
  if (ids.length === 0) return [];
  const rows = await findDefinitions(db, ids);
  const questions = await questionsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toDefinition(row, questions));
}

/** POST /fragebogen/addFrage: a question at the end of the draft (free text unless a type is given). */
export async function frageHinzufuegen(
  db: Database,
  input: z.output<typeof frageHinzufuegenSchema>,
): Promise<FragebogenDefinition> {
  await refusedByTrigger(FRAGEBOGEN_TEXTS.veroeffentlicht, () =>
    db.transaction(async (tx) => {
      await lockDraft(tx, input.fragebogenId);
      const aktive = (await questionsOf(tx, [input.fragebogenId])).filter((q) => q.aktiv);
      if (aktive.length >= FRAGEBOGEN_LIMITS.fragen) throw HttpError.badRequest(FRAGEBOGEN_TEXTS.zuVieleFragen);
      const letzte = Math.max(0, ...aktive.map((q) => q.position ?? 0));
      await insertQuestion(tx, {
        fragebogenId: input.fragebogenId,
        frage: input.frage?.trim() || 'Neue Frage',
        typ: input.typ ?? 'FREITEXT',
        position: letzte + 1,
      });
    }),
  );
  return loadDefinition(db, input.fragebogenId);
}

/**
 * POST /fragebogen/inactivateFrage: removes a question from the draft by marking it inactive. A question others
 * depend on stays until their dependency is removed (otherwise they would silently never show).
 */
export async function frageEntfernen(db: Database, frageId: number): Promise<FragebogenDefinition> {
  const frage = await findQuestion(db, frageId);
  if (!frage || !frage.aktiv) throw HttpError.notFound(FRAGEBOGEN_TEXTS.frageNichtGefunden);
  await refusedByTrigger(FRAGEBOGEN_TEXTS.veroeffentlicht, () =>
    db.transaction(async (tx) => {
      await lockDraft(tx, frage.fragebogenId);
      const abhaengige = (await questionsOf(tx, [frage.fragebogenId])).filter(
        (q) => q.aktiv && q.abhaengigVonFrageId === frageId,
      );
      if (abhaengige.length > 0) throw conflict(FRAGEBOGEN_TEXTS.abhaengigeFragen);
      await updateQuestion(tx, frageId, { aktiv: false });
    }),
  );
  return loadDefinition(db, frage.fragebogenId);
}

/**
 * POST /fragebogen/save and /publish: the title and every active question of the draft (the body lists exactly
 * those; the schema checked the dependencies among them). Publishing saves first, then sets the date, in one
 * transaction; afterwards the trigger keeps the definition as it is.
 */
export async function definitionSpeichern(
  db: Database,
  input: FragebogenSpeichern,
  publish: Date | null,
): Promise<FragebogenDefinition> {
  await refusedByTrigger(FRAGEBOGEN_TEXTS.veroeffentlicht, () =>
    db.transaction(async (tx) => {
      await lockDraft(tx, input.id);
      const aktive = (await questionsOf(tx, [input.id])).filter((q) => q.aktiv);
      const gegeben = new Set(input.fragen.map((f) => f.id));
      if (aktive.length !== gegeben.size || aktive.some((q) => !gegeben.has(q.id))) {
        throw HttpError.badRequest(FRAGEBOGEN_TEXTS.fragenUnvollstaendig);
      }
      for (const frage of input.fragen) {
        await updateQuestion(tx, frage.id, {
          frage: frage.frage.trim(),
          typ: frage.typ,
          position: frage.position,
          abhaengigVonFrageId: frage.abhaengigVonFrageId,
          abhaengigVonBedingung: frage.abhaengigVonFrageId === null ? null : frage.abhaengigVonBedingung,
        });
      }
      const titel = input.titel.trim();
      if (!publish) return updateDefinition(tx, input.id, { titel });
      if (!input.fragen.some((f) => f.position !== null && f.position > -1)) {
        throw HttpError.badRequest(FRAGEBOGEN_TEXTS.keineFragen);
      }
      return updateDefinition(tx, input.id, { titel, veroeffentlicht: publish });
    }),
  );
  return loadDefinition(db, input.id);
}
