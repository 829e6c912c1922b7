import {
  TRAINING_LIMITS,
  TRAINING_TEXTS,
  type Uebung,
  type UebungFields,
  type UebungList,
} from '@dihs/contract/training';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import {
  deleteUebung,
  findUebung,
  findUebungen,
  insertUebung,
  listUebungen,
  listUebungenSortiert,
  updateUebung,
  uebungVerwendung,
} from './training.repository.ts';
import type { UebungRow } from './training.table.ts';
import { vorschauBildUrl } from './vorschau-bild.ts';

export const toUebung = (row: UebungRow): Uebung => ({
  id: row.id,
  titel: row.titel,
  beschreibung: row.beschreibung,
  videoUrl: row.videoUrl,
  videoVorschauBildUrl: vorschauBildUrl(row.id, row.vorschauBild),
});

/** GET /uebungen: by title, filtered, in pages of 50. */
export async function uebungenListe(db: Database, titel: string | undefined, seite = 0): Promise<UebungList> {
  const { rows, gesamt } = await listUebungen(db, titel || undefined, seite, TRAINING_LIMITS.seite);
  return { uebungen: rows.map(toUebung), gesamt };
}

/** GET /uebungen/sortiert/titel: the whole library by title, bounded. */
export async function uebungenSortiert(db: Database): Promise<Uebung[]> {
  return (await listUebungenSortiert(db, TRAINING_LIMITS.sortiertMax)).map(toUebung);
}

/** GET /uebungen/ids/{ids}: the exercises in the order asked for; ids that name none are left out. */
export async function uebungenNachIds(db: Database, ids: readonly number[]): Promise<Uebung[]> {
  const byId = new Map((await findUebungen(db, ids)).map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toUebung(row)] : [];
  });
}

/** GET /uebungen/{id}. */
export async function uebung(db: Database, id: number): Promise<Uebung> {
  const row = await findUebung(db, id);
  if (!row) throw HttpError.notFound(TRAINING_TEXTS.uebungNichtGefunden);
  return toUebung(row);
}

/**
 * POST /uebungen/save: id 0 creates. A changed video link drops the old thumbnail; the caller looks the new one up
 * (after the answer, so a slow video host does not hold the save).
 */
export async function uebungSpeichern(
  db: Database,
  userId: number,
  id: number,
  fields: UebungFields,
): Promise<{ row: UebungRow; linkGeaendert: boolean }> {
  if (id === 0) return { row: await insertUebung(db, { ...fields, erstelltVon: userId }), linkGeaendert: true };
  const before = await findUebung(db, id);
  if (!before) throw HttpError.notFound(TRAINING_TEXTS.uebungNichtGefunden);
  const linkGeaendert = before.videoUrl !== fields.videoUrl;
  const row = await updateUebung(db, id, { ...fields, ...(linkGeaendert ? { vorschauBild: null } : {}) });
  if (!row) throw HttpError.notFound(TRAINING_TEXTS.uebungNichtGefunden);
  return { row, linkGeaendert };
}

/**
 * DELETE /uebungen/betreiber/{id}: refused with 409 while a plan or a template uses the exercise (the foreign keys
 * refuse it as well, should a plan take it up in between).
 */
export async function uebungLoeschen(db: Database, id: number): Promise<{ id: number; vorschauBild: string | null }> {
  const row = await findUebung(db, id);
  if (!row) throw HttpError.notFound(TRAINING_TEXTS.uebungNichtGefunden);
  const { plaene, vorlagen } = await uebungVerwendung(db, id);
  if (plaene + vorlagen > 0) throw new HttpError(409, TRAINING_TEXTS.uebungInBenutzung(plaene, vorlagen));
  try {
    await deleteUebung(db, id);
  } catch (error) {
    const usage = await uebungVerwendung(db, id);
    if (usage.plaene + usage.vorlagen > 0) {
      throw new HttpError(409, TRAINING_TEXTS.uebungInBenutzung(usage.plaene, usage.vorlagen));
    }
    throw error;
  }
  return { id, vorschauBild: row.vorschauBild };
}
