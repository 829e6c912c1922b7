import type { VerwaltungEintrag } from '@dihs/contract/verwaltung';
import { VERWALTUNG_MESSAGES } from '@dihs/contract/verwaltung';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { deleteEntry, insertEntry, updateEntry } from './verwaltung.repository.ts';

/** Saves one entry: without id a new one, with id a change of that entry; answers the saved entry. */
export async function saveEntry(
  db: Database,
  entry: { id?: number | null | undefined; type: string; value: string },
): Promise<VerwaltungEintrag> {
  const row = entry.id
    ? await updateEntry(db, entry.id, entry.type, entry.value)
    : await insertEntry(db, entry.type, entry.value);
  if (!row) throw HttpError.notFound(VERWALTUNG_MESSAGES.unbekannt);
  return row;
}

export async function removeEntry(db: Database, id: number): Promise<void> {
  if (!(await deleteEntry(db, id))) throw HttpError.notFound(VERWALTUNG_MESSAGES.unbekannt);
}
