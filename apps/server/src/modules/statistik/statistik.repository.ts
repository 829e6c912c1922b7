import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { firmaNames } from '../firma/index.ts';
import { statistikEreignisse } from './statistik.table.ts';

export const insertEreignis = (
  db: Database,
  values: { typ: number; aktionId: string | null; firmaId: number | null; zeitpunkt?: Date },
) => db.insert(statistikEreignisse).values(values);

/**
 * Counts per Berlin day, event type and company in [von, bis): the database aggregates, so a year of a million events
 * leaves at most a few thousand rows for the server to write.
 */
export function countsPerDay(db: Database, von: Date, bis: Date) {
  const firma = firmaNames('firma');
  const tag = sql<string>`to_char(${statistikEreignisse.zeitpunkt} at time zone 'Europe/Berlin', 'YYYY-MM-DD')`;
  return db
    .select({ tag, typ: statistikEreignisse.typ, firma: firma.bezeichner, anzahl: sql<number>`count(*)::int` })
    .from(statistikEreignisse)
    .leftJoin(firma, eq(firma.id, statistikEreignisse.firmaId))
    .where(and(gte(statistikEreignisse.zeitpunkt, von), lt(statistikEreignisse.zeitpunkt, bis)))
    .groupBy(tag, statistikEreignisse.typ, firma.bezeichner)
    .orderBy(tag, statistikEreignisse.typ, firma.bezeichner);
}
