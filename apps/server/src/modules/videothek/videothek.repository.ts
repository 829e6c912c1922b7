import { asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { firmaNames } from '../firma/index.ts';
import { videoFirmen, videos, type VideoRow } from './videothek.table.ts';

type Db = Database | Transaction;

/** Videos, newest first, each with its companies. `firmaId` set: only videos without a company or of that one. */
export async function listVideos(db: Db, filter: { nurFuerFirma?: number | null } = {}) {
  const companyOf = sql`exists (select 1 from ${videoFirmen} where ${videoFirmen.videoId} = ${videos.id})`;
  const where =
    filter.nurFuerFirma === undefined
      ? undefined
      : filter.nurFuerFirma === null
        ? sql`not ${companyOf}`
        : or(
            sql`not ${companyOf}`,
            sql`exists (select 1 from ${videoFirmen} where ${videoFirmen.videoId} = ${videos.id} and ${videoFirmen.firmaId} = ${filter.nurFuerFirma})`,
          );
  const rows = await db.select().from(videos).where(where).orderBy(desc(videos.datum), desc(videos.id));
  return withFirmen(db, rows);
}

async function withFirmen(db: Db, rows: VideoRow[]) {
  const links = rows.length
    ? await db
        .select()
        .from(videoFirmen)
        .where(
          inArray(
            videoFirmen.videoId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((row) => ({
    ...row,
    firmen: links.filter((l) => l.videoId === row.id).map((l) => l.firmaId),
  }));
}

export const findVideo = async (db: Db, id: number) =>
  (await withFirmen(db, await db.select().from(videos).where(eq(videos.id, id))))[0];

export async function insertVideo(
  tx: Transaction,
  values: { titel: string; kurzbeschreibung: string; vimeolink: string; langtext: string },
  firmen: number[],
) {
  const [row] = await tx.insert(videos).values(values).returning();
  if (firmen.length) await tx.insert(videoFirmen).values(firmen.map((firmaId) => ({ videoId: row!.id, firmaId })));
  return row!;
}

export async function updateVideo(
  tx: Transaction,
  id: number,
  values: { titel: string; kurzbeschreibung: string; vimeolink: string; langtext: string; vorschauBild?: null },
  firmen: number[],
) {
  const [row] = await tx.update(videos).set(values).where(eq(videos.id, id)).returning();
  if (!row) return undefined;
  await tx.delete(videoFirmen).where(eq(videoFirmen.videoId, id));
  if (firmen.length) await tx.insert(videoFirmen).values(firmen.map((firmaId) => ({ videoId: id, firmaId })));
  return row;
}

export const setVideoVorschau = async (db: Db, id: number, vimeolink: string, key: string) =>
  (
    await db
      .update(videos)
      .set({ vorschauBild: key })
      .where(sql`${videos.id} = ${id} and ${videos.vimeolink} = ${vimeolink}`)
      .returning({ id: videos.id })
  ).length > 0;

export const deleteVideo = async (db: Db, id: number) =>
  (await db.delete(videos).where(eq(videos.id, id)).returning())[0];

/** Every company, by name (the dialog's choice). */
export function alleFirmen(db: Db) {
  const firma = firmaNames('firma');
  return db.select({ id: firma.id, bezeichner: firma.bezeichner }).from(firma).orderBy(asc(firma.bezeichner));
}
