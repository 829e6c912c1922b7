import type { SessionClaims } from '@dihs/contract/auth';
import {
  TRAINING_LIMITS,
  TRAINING_TEXTS,
  type EintragFields,
  type Vorlage,
  type VorlageUebung,
} from '@dihs/contract/training';
import type { Database, Transaction } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import {
  deleteVorlage,
  deleteVorlageUebung,
  findUebung,
  findVorlage,
  findVorlageUebung,
  insertVorlage,
  insertVorlageUebung,
  lockVorlage,
  renameVorlage,
  updateVorlageUebung,
  vorlageUebungenOf,
  vorlagenMitUebungen,
  vorlagenOf,
} from './training.repository.ts';
import { vorschauBildUrl } from './vorschau-bild.ts';

/** The name a new template starts with; the therapist renames it to the finding it is for. */
export const NEUE_VORLAGE = 'Neue Vorlage';

type VorlageUebungRow = Awaited<ReturnType<typeof vorlageUebungenOf>>[number];

const toVorlageUebung = ({ vorschauBild, ...row }: VorlageUebungRow): VorlageUebung => ({
  ...row,
  videoVorschauBildUrl: vorschauBildUrl(row.uebungId, vorschauBild),
});

/** A template of the therapist, or 404 (unknown) / 403 (another therapist's). */
async function ownVorlage(db: Database | Transaction, session: SessionClaims, id: number, lock = false) {
  const vorlage = lock ? await lockVorlage(db as Transaction, id) : await findVorlage(db, id);
  if (!vorlage) throw HttpError.notFound(TRAINING_TEXTS.vorlageNichtGefunden);
  if (vorlage.therapeutUserId !== session.userId) throw HttpError.forbidden(TRAINING_TEXTS.vorlageFremd);
  return vorlage;
}

export const eigeneVorlagen = (db: Database, session: SessionClaims): Promise<Vorlage[]> =>
  vorlagenOf(db, session.userId);

/** Every template with exercises: a plan may start from any therapist's template (docs/decisions.md). */
export const vorlagenAuswahl = (db: Database): Promise<Vorlage[]> => vorlagenMitUebungen(db);

export async function vorlageUebungen(db: Database, session: SessionClaims, id: number): Promise<VorlageUebung[]> {
  await ownVorlage(db, session, id);
  return (await vorlageUebungenOf(db, id)).map(toVorlageUebung);
}

export async function vorlageNeu(db: Database, session: SessionClaims): Promise<Vorlage> {
  const row = await insertVorlage(db, session.userId, NEUE_VORLAGE);
  return { id: row.id, befund: row.befund };
}

export async function vorlageUmbenennen(db: Database, session: SessionClaims, id: number, befund: string) {
  await ownVorlage(db, session, id);
  const row = await renameVorlage(db, id, befund);
  if (!row) throw HttpError.notFound(TRAINING_TEXTS.vorlageNichtGefunden);
  return { id: row.id, befund: row.befund };
}

export async function vorlageLoeschen(db: Database, session: SessionClaims, id: number) {
  await ownVorlage(db, session, id);
  await deleteVorlage(db, id);
  return { id };
}

async function vorlageUebungView(db: Database | Transaction, id: number): Promise<VorlageUebung> {
  const row = await findVorlageUebung(db, id);
  if (!row) throw HttpError.notFound(TRAINING_TEXTS.eintragNichtGefunden);
  return toVorlageUebung(row);
}

/** Adds an exercise at the end of the therapist's template. */
export function vorlageUebungHinzufuegen(
  db: Database,
  session: SessionClaims,
  body: EintragFields & { vorlageId: number; uebungId: number },
): Promise<VorlageUebung> {
  const { vorlageId, uebungId, ...zahlen } = body;
  return db.transaction(async (tx) => {
    await ownVorlage(tx, session, vorlageId, true);
    if (!(await findUebung(tx, uebungId))) throw HttpError.notFound(TRAINING_TEXTS.uebungNichtGefunden);
    if ((await vorlageUebungenOf(tx, vorlageId)).length >= TRAINING_LIMITS.eintraege) {
      throw HttpError.badRequest(TRAINING_TEXTS.zuVieleEintraege);
    }
    return vorlageUebungView(tx, await insertVorlageUebung(tx, vorlageId, uebungId, zahlen));
  });
}

async function ownVorlageUebung(db: Database | Transaction, session: SessionClaims, id: number) {
  const row = await findVorlageUebung(db, id);
  if (!row) throw HttpError.notFound(TRAINING_TEXTS.eintragNichtGefunden);
  await ownVorlage(db, session, row.vorlageId);
  return row;
}

export async function vorlageUebungAendern(
  db: Database,
  session: SessionClaims,
  body: EintragFields & { id: number },
): Promise<VorlageUebung> {
  const { id, ...zahlen } = body;
  await ownVorlageUebung(db, session, id);
  await updateVorlageUebung(db, id, zahlen);
  return vorlageUebungView(db, id);
}

/** Removes an exercise from the template; the following ones move up. */
export function vorlageUebungEntfernen(db: Database, session: SessionClaims, id: number) {
  return db.transaction(async (tx) => {
    const row = await ownVorlageUebung(tx, session, id);
    await lockVorlage(tx, row.vorlageId);
    await deleteVorlageUebung(tx, id, row.vorlageId);
    return { id };
  });
}
