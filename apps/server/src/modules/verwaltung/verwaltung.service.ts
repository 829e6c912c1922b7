import {
  formatEuroText,
  isTypedSetting,
  parseEuroText,
  VERWALTUNG_MESSAGES,
  type VerwaltungEintrag,
} from '@dihs/contract/verwaltung';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import {
  deleteEntry,
  entriesOfType,
  generalEntries,
  insertEntry,
  updateEntry,
  upsertTypedEntry,
  type EntryValue,
} from './verwaltung.repository.ts';
import type { VerwaltungEintragRow } from './verwaltung.table.ts';

/** An entry as the screen shows it: a typed setting's cents in the German text the operator types ("25,00"). */
const toEintrag = (row: VerwaltungEintragRow): VerwaltungEintrag => ({
  id: row.id,
  type: row.type,
  value: row.cents !== null ? formatEuroText(row.cents) : (row.value ?? ''),
});

/** One of the two lists (Befunde, Einzeltermin-Inhalte). */
export const listOfType = async (db: Database, type: string): Promise<VerwaltungEintrag[]> =>
  (await entriesOfType(db, type)).map(toEintrag);

/** The general settings ("Sonstige Einstellungen"), typed ones shown as text. */
export const listGeneral = async (db: Database): Promise<VerwaltungEintrag[]> =>
  (await generalEntries(db)).map(toEintrag);

/** Saves one entry: without id a new one, with id a change of that entry; answers the saved entry. */
export async function saveEntry(
  db: Database,
  entry: { id?: number | null | undefined; type: string; value: string },
): Promise<VerwaltungEintrag> {
  let stored: EntryValue = { value: entry.value, cents: null };
  if (isTypedSetting(entry.type)) {
    // the body schema refused anything else already; parsed here once, so reads never parse text
    const cents = parseEuroText(entry.value);
    if (cents === null) throw HttpError.badRequest(VERWALTUNG_MESSAGES.betrag);
    stored = { value: null, cents };
  }
  try {
    const row = entry.id
      ? await updateEntry(db, entry.id, entry.type, stored)
      : stored.cents !== null && isTypedSetting(entry.type)
        ? await upsertTypedEntry(db, entry.type, stored.cents)
        : await insertEntry(db, entry.type, stored);
    if (!row) throw HttpError.notFound(VERWALTUNG_MESSAGES.unbekannt);
    return toEintrag(row);
  } catch (error) {
    // an entry renamed to a typed key that is set already
    if (isUniqueViolation(error)) throw new HttpError(409, VERWALTUNG_MESSAGES.doppelt);
    throw error;
  }
}

export async function removeEntry(db: Database, id: number): Promise<void> {
  if (!(await deleteEntry(db, id))) throw HttpError.notFound(VERWALTUNG_MESSAGES.unbekannt);
}
