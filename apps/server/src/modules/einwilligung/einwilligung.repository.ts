import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { EINWILLIGUNG_SEITEN, type EinwilligungAnlass, type EinwilligungSeite } from '@dihs/contract/einwilligung';
import type { Database, Transaction } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { pageStamps, type PageVersion } from '../inhalt/index.ts';
import { einwilligungen, einwilligungFassungen } from './einwilligung.table.ts';

type Db = Database | Transaction;

/** The stored copy of a text version; created by the first consent to it. */
export async function fassungId(tx: Transaction, version: PageVersion): Promise<number> {
  const [inserted] = await tx
    .insert(einwilligungFassungen)
    .values({
      seiteUrl: version.url,
      fassung: version.fassung,
      titel: version.titel,
      inhalt: version.inhalt,
      stand: version.stand,
    })
    .onConflictDoNothing()
    .returning({ id: einwilligungFassungen.id });
  if (inserted) return inserted.id;
  const [existing] = await tx
    .select({ id: einwilligungFassungen.id })
    .from(einwilligungFassungen)
    .where(and(eq(einwilligungFassungen.seiteUrl, version.url), eq(einwilligungFassungen.fassung, version.fassung)));
  if (!existing) throw new Error('Fassung weder angelegt noch gefunden');
  return existing.id;
}

export async function insertConsents(
  tx: Transaction,
  benutzerId: number,
  fassungIds: readonly number[],
  anlass: EinwilligungAnlass,
): Promise<void> {
  if (fassungIds.length === 0) return;
  await tx.insert(einwilligungen).values(fassungIds.map((id) => ({ benutzerId, fassungId: id, anlass })));
}

/**
 * The id of the user's last withdrawal of the consent to a page (null: never withdrawn), correlated with the page's
 * url. Ids, not times: two entries of one transaction share their time, their order is the ids'.
 */
type Chunk = Parameters<typeof sql>[1];
const lastWithdrawal = (benutzerId: Chunk, url: Chunk) =>
  sql`(select max(w.id) from ${einwilligungen} w join ${einwilligungFassungen} wf on wf.id = w.fassung_id
    where w.benutzer_id = ${benutzerId} and w.anlass = 'WIDERRUF' and wf.seite_url = ${url})`;

/**
 * Per consent page that exists: its stamp and last save (inhalt's pageStamps) with the fingerprints of its
 * versions the user consented to since the last withdrawal, and whether the consent stands withdrawn (withdrawn and
 * not given again), in one statement: the consent check before every booking (prepared once per connection,
 * db/prepared.ts).
 */
export async function consentStamps(
  db: Db,
  benutzerId: number,
): Promise<{ url: string; stempel: string; stand: Date; erteilt: string[]; widerrufen: boolean }[]> {
  return consentStampsOf(db).execute({ benutzerId });
}

const consentStampsOf = preparedStatement('einwilligung_stempel', (db, name) => {
  const seiten = pageStamps(EINWILLIGUNG_SEITEN);
  const benutzer = sql.placeholder('benutzerId');
  const widerruf = lastWithdrawal(benutzer, seiten.url);
  return db
    .select({
      url: seiten.url,
      stempel: seiten.stempel,
      stand: seiten.stand,
      erteilt: sql<string[]>`coalesce(array_agg(distinct ${einwilligungFassungen.fassung})
        filter (where ${einwilligungen.id} is not null), '{}')`,
      widerrufen: sql<boolean>`(${widerruf} is not null and count(${einwilligungen.id}) = 0)`,
    })
    .from(seiten)
    .leftJoin(einwilligungFassungen, eq(einwilligungFassungen.seiteUrl, seiten.url))
    .leftJoin(
      einwilligungen,
      and(
        eq(einwilligungen.fassungId, einwilligungFassungen.id),
        eq(einwilligungen.benutzerId, benutzer),
        ne(einwilligungen.anlass, 'WIDERRUF'),
        // a consent before the last withdrawal no longer counts
        sql`${einwilligungen.id} > coalesce(${widerruf}, 0)`,
      ),
    )
    .groupBy(seiten.url, seiten.stempel, seiten.stand)
    .prepare(name);
});

/**
 * The user's newest entry about a page's consent (a consent or a withdrawal), locked: what a withdrawal withdraws.
 */
export async function lastEntryOf(tx: Transaction, benutzerId: number, url: EinwilligungSeite) {
  const [row] = await tx
    .select({ id: einwilligungen.id, fassungId: einwilligungen.fassungId, anlass: einwilligungen.anlass })
    .from(einwilligungen)
    .innerJoin(einwilligungFassungen, eq(einwilligungFassungen.id, einwilligungen.fassungId))
    .where(and(eq(einwilligungen.benutzerId, benutzerId), eq(einwilligungFassungen.seiteUrl, url)))
    .orderBy(desc(einwilligungen.id))
    .limit(1)
    .for('update', { of: einwilligungen });
  return row;
}

export const versionKey = (url: string, fassung: string): string => `${url}\u0000${fassung}`;

/** The user's consents, newest first, with the text version each one meant. */
export async function consentsOf(db: Db, benutzerId: number) {
  return db
    .select({
      id: einwilligungen.id,
      url: einwilligungFassungen.seiteUrl,
      titel: einwilligungFassungen.titel,
      fassung: einwilligungFassungen.fassung,
      stand: einwilligungFassungen.stand,
      erteiltAm: einwilligungen.erteiltAm,
      anlass: einwilligungen.anlass,
    })
    .from(einwilligungen)
    .innerJoin(einwilligungFassungen, eq(einwilligungFassungen.id, einwilligungen.fassungId))
    .where(eq(einwilligungen.benutzerId, benutzerId))
    .orderBy(desc(einwilligungen.erteiltAm), desc(einwilligungen.id)) as Promise<
    {
      id: number;
      url: EinwilligungSeite;
      titel: string;
      fassung: string;
      stand: Date;
      erteiltAm: Date;
      anlass: EinwilligungAnlass;
    }[]
  >;
}

/** Every row about the user, for the self-service export: the consents and the text versions they meant. */
export async function exportRows(db: Db, benutzerId: number) {
  const consents = await db.select().from(einwilligungen).where(eq(einwilligungen.benutzerId, benutzerId));
  const ids = [...new Set(consents.map((row) => row.fassungId))];
  const versions = ids.length
    ? await db.select().from(einwilligungFassungen).where(inArray(einwilligungFassungen.id, ids))
    : [];
  return { einwilligung: consents, einwilligung_fassung: versions };
}

/**
 * The patient's consents go with the patient. The text versions stay: they are the operator's published texts,
 * not data about the patient, and other consents may mean them.
 */
export async function deleteConsentsOf(tx: Transaction, benutzerId: number): Promise<void> {
  await tx.delete(einwilligungen).where(eq(einwilligungen.benutzerId, benutzerId));
}
