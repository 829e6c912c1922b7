import { desc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { dateien } from './datei.table.ts';

export async function insertDatei(
  db: Database | Transaction,
  values: { dateiname: string; pfadname: string; beschreibung: string; mediaType: string },
) {
  const [row] = await db.insert(dateien).values(values).returning({
    id: dateien.id,
    dateiname: dateien.dateiname,
    pfadname: dateien.pfadname,
    beschreibung: dateien.beschreibung,
  });
  return row!;
}

/** Every file without its content, newest first. */
export function listDateien(db: Database) {
  return db
    .select({
      id: dateien.id,
      dateiname: dateien.dateiname,
      pfadname: dateien.pfadname,
      beschreibung: dateien.beschreibung,
    })
    .from(dateien)
    .orderBy(desc(dateien.id));
}

export async function findDatei(db: Database, id: number) {
  const [row] = await db.select().from(dateien).where(eq(dateien.id, id));
  return row;
}
