import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { addDays, berlinToUtc } from '@dihs/contract/common/time';
import { STATISTIK_SPALTEN, STATISTIK_TYP_LABELS } from '@dihs/contract/statistik';
import type { Database } from '../../db/client.ts';
import { findFirma, findUserById } from './statistik.deps.ts';
import { countsPerDay, insertEreignis } from './statistik.repository.ts';

/** POST /statistik: counts one view; the caller's company only when it wants its own statistics. */
export async function ereignisZaehlen(
  db: Database,
  userId: number,
  event: { type: 0 | 1; aktionid?: string | null | undefined },
): Promise<void> {
  const user = await findUserById(db, userId);
  const firma = user?.firmaId ? await findFirma(db, user.firmaId) : undefined;
  await insertEreignis(db, {
    typ: event.type,
    aktionId: event.type === 1 ? (event.aktionid ?? null) : null,
    firmaId: firma?.statistikSchreiben ? firma.id : null,
  });
}

/**
 * GET /statistik: the CSV a German Excel opens as it is: UTF-8 with BOM, ';' between fields, formulas escaped
 * (a company named "=1+1" stays text). Streamed row by row through csv-stringify.
 */
export async function statistikCsv(db: Database, from: string, to: string): Promise<Readable> {
  const rows = await countsPerDay(db, berlinToUtc(from), berlinToUtc(addDays(to, 1)));
  const csv = stringify({
    bom: true,
    delimiter: ';',
    record_delimiter: '\r\n',
    escape_formulas: true,
    header: true,
    columns: [...STATISTIK_SPALTEN],
  });
  const source = Readable.from(
    rows.map((row) => [row.tag, STATISTIK_TYP_LABELS[row.typ] ?? String(row.typ), row.firma ?? 'Alle', row.anzahl]),
  );
  return source.pipe(csv);
}
