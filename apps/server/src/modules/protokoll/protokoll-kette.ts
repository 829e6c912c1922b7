import { createHash } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { chainEnds, chainEntries, type ChainEntry } from './protokoll.repository.ts';

/**
 * The chain of the audit log, computed again here from the stored fields (never by the database's own functions,
 * which whoever changed an entry could have replaced too): the same text as the migration "protokoll-kette"
 * (zugriffsprotokoll_kettenglied), one field per line.
 */
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A person field's seal: the stored salt hashed with the value while the person is named, else the stored seal. */
const seal = (stored: string, value: string | null) => (value === null ? stored : sha256(`${stored}\n${value}`));

const actorValue = (entry: ChainEntry) =>
  entry.akteurUserId === null && entry.adresse === null
    ? null
    : `${entry.akteurUserId ?? '\\N'}\n${entry.adresse ?? '\\N'}`;

/** The hash an entry must carry after the given previous hash. */
export function chainLink(previous: string, entry: ChainEntry): string {
  return sha256(
    [
      previous,
      entry.ketteNr,
      entry.id,
      entry.zeitpunktMikros,
      entry.akteurRolle,
      entry.art,
      entry.aktion,
      entry.datensatzId ?? '\\N',
      entry.endpunkt,
      entry.ergebnis,
      entry.status,
      seal(entry.akteurSiegel, actorValue(entry)),
      seal(entry.patientSiegel, entry.patientUserId === null ? null : String(entry.patientUserId)),
    ].join('\n'),
  );
}

export type ChainResult =
  | { intakt: true; eintraege: number }
  | { intakt: false; eintraege: number; meldung: string; ketteNr?: number; id?: number };

const BATCH = 5000;

/**
 * Walks the log in chain order from the anchor retention left (or the start) and answers the first entry whose
 * number or hash does not follow, in German; the last entry must be the chain's recorded end (a deleted tail).
 */
export async function verifyChain(db: Database): Promise<ChainResult> {
  const ends = await chainEnds(db);
  if (!ends.anfang || !ends.ende) {
    return { intakt: false, eintraege: 0, meldung: 'Anfang oder Ende der Kette fehlt (zugriffsprotokoll_kette).' };
  }
  let previous = ends.anfang.hash;
  let expectedNr = ends.anfang.nr + 1;
  let count = 0;
  for (;;) {
    const batch = await chainEntries(db, expectedNr - 1, BATCH);
    for (const entry of batch) {
      const where = `Eintrag Nr. ${entry.ketteNr} (id ${entry.id}, ${entry.zeitpunkt.toISOString()})`;
      if (entry.ketteNr !== expectedNr) {
        return {
          intakt: false,
          eintraege: count,
          ketteNr: entry.ketteNr,
          id: entry.id,
          meldung: `${where}: erwartet war Nr. ${expectedNr}; die Einträge dazwischen fehlen.`,
        };
      }
      const computed = chainLink(previous, entry);
      if (computed !== entry.kette) {
        return {
          intakt: false,
          eintraege: count,
          ketteNr: entry.ketteNr,
          id: entry.id,
          meldung: `${where}: der gespeicherte Hash passt nicht zum Inhalt oder zum Vorgänger; der Eintrag wurde verändert.`,
        };
      }
      previous = entry.kette;
      expectedNr += 1;
      count += 1;
    }
    if (batch.length < BATCH) break;
  }
  if (ends.ende.nr !== expectedNr - 1 || ends.ende.hash !== previous) {
    return {
      intakt: false,
      eintraege: count,
      meldung: `Die Kette endet bei Nr. ${expectedNr - 1}, verzeichnet ist ihr Ende bei Nr. ${ends.ende.nr}; die letzten Einträge fehlen oder wurden verändert.`,
    };
  }
  return { intakt: true, eintraege: count };
}
