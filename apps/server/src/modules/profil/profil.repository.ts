import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { firmen } from '../firma/index.ts';
import { users, type UserRow } from '../users/index.ts';
import { documentation, profiles, type ProfileRow } from './profil.table.ts';

/** An account with its profile; the profile is null for accounts that never got one (and deleted patients). */
export interface Account {
  user: UserRow;
  profile: ProfileRow | null;
}

export async function findAccount(db: Database, userId: number): Promise<Account | undefined> {
  const [row] = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export type ProfileChanges = Partial<Omit<typeof profiles.$inferInsert, 'userId' | 'geaendertAm'>>;

/** Writes the given profile fields, creating the profile row when the account has none yet. */
export async function saveProfile(db: Database, userId: number, changes: ProfileChanges): Promise<void> {
  await db
    .insert(profiles)
    .values({ userId, ...changes })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...changes, geaendertAm: new Date() } });
}

/** Sets the photo key and answers the previous one, in one statement's transaction. */
export async function replaceProfilePhoto(db: Database, userId: number, key: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [old] = await tx
      .select({ profilbild: profiles.profilbild })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .for('update');
    await tx
      .insert(profiles)
      .values({ userId, profilbild: key })
      .onConflictDoUpdate({ target: profiles.userId, set: { profilbild: key, geaendertAm: new Date() } });
    return old?.profilbild ?? null;
  });
}

export interface TherapistRow {
  id: number;
  email: string;
  aktiv: boolean;
  firmaId: number | null;
  firmenName: string | null;
  vorname: string;
  nachname: string;
  ausbildung: string;
  schwerpunkte: string;
  beschreibung: string;
  listenanzeige: boolean;
  profilbild: string | null;
}

/** Therapists by name; `onlyListed` keeps the active ones whose list display is on (the patients' directory). */
export async function listTherapists(
  db: Database,
  options: { onlyListed: boolean; userId?: number },
): Promise<TherapistRow[]> {
  const conditions = [eq(users.role, 'THERAPEUT'), isNull(users.deletedAt)];
  if (options.onlyListed) {
    conditions.push(eq(users.active, true), sql`coalesce(${profiles.listenanzeige}, true)`);
  }
  if (options.userId !== undefined) conditions.push(eq(users.id, options.userId));
  return db
    .select({
      id: users.id,
      email: users.email,
      aktiv: users.active,
      firmaId: users.firmaId,
      firmenName: firmen.bezeichner,
      vorname: sql<string>`coalesce(${profiles.vorname}, '')`,
      nachname: sql<string>`coalesce(${profiles.nachname}, '')`,
      ausbildung: sql<string>`coalesce(${profiles.ausbildung}, '')`,
      schwerpunkte: sql<string>`coalesce(${profiles.schwerpunkte}, '')`,
      beschreibung: sql<string>`coalesce(${profiles.beschreibung}, '')`,
      listenanzeige: sql<boolean>`coalesce(${profiles.listenanzeige}, true)`,
      profilbild: profiles.profilbild,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(firmen, eq(firmen.id, users.firmaId))
    .where(and(...conditions))
    .orderBy(
      asc(sql`lower(coalesce(${profiles.nachname}, ''))`),
      asc(sql`lower(coalesce(${profiles.vorname}, ''))`),
      asc(users.id),
    );
}

export async function insertDocumentation(
  db: Database,
  entry: { patientUserId: number; autorUserId: number; vonBetreiber: boolean; beitrag: string },
): Promise<number> {
  const [row] = await db.insert(documentation).values(entry).returning({ id: documentation.id });
  if (!row) throw new Error('Dokumentationseintrag wurde nicht gespeichert');
  return row.id;
}

export interface DocumentationRow {
  id: number;
  datum: Date;
  beitrag: string;
  vonBetreiber: boolean;
  autorVorname: string;
  autorNachname: string;
  autorEmail: string;
}

/** Every entry on a patient, newest first, with the author's name and e-mail (empty when the author is gone). */
export async function listDocumentation(db: Database, patientUserId: number): Promise<DocumentationRow[]> {
  const author = alias(users, 'autor');
  const authorProfile = alias(profiles, 'autor_profil');
  return db
    .select({
      id: documentation.id,
      datum: documentation.datum,
      beitrag: documentation.beitrag,
      vonBetreiber: documentation.vonBetreiber,
      autorVorname: sql<string>`coalesce(${authorProfile.vorname}, '')`,
      autorNachname: sql<string>`coalesce(${authorProfile.nachname}, '')`,
      autorEmail: sql<string>`coalesce(${author.email}, '')`,
    })
    .from(documentation)
    .leftJoin(author, eq(author.id, documentation.autorUserId))
    .leftJoin(authorProfile, eq(authorProfile.userId, documentation.autorUserId))
    .where(eq(documentation.patientUserId, patientUserId))
    .orderBy(desc(documentation.datum), desc(documentation.id));
}
