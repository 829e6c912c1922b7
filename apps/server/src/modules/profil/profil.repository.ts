import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { exportKey } from '../../lib/patient-export.ts';
import { firmaNames } from '../firma/index.ts';
import { persons } from './person.repository.ts';
import { documentation, profiles } from './profil.table.ts';

// The account with its profile comes from the person look-up (person.repository.ts, the one users-with-profiles join).
export { findPersonById as findAccount, type Person as Account } from './person.repository.ts';

/** The first and last name of an account's profile; empty strings when it has none. */
export async function findProfileName(db: Database, userId: number): Promise<{ vorname: string; nachname: string }> {
  const [row] = await db
    .select({ vorname: profiles.vorname, nachname: profiles.nachname })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row ?? { vorname: '', nachname: '' };
}

/** The names in the profiles of these accounts (accounts without a profile are absent), in one query. */
export async function findProfileNames(
  db: Database | Transaction,
  userIds: readonly number[],
): Promise<Map<number, { vorname: string | null; nachname: string | null }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: profiles.userId, vorname: profiles.vorname, nachname: profiles.nachname })
    .from(profiles)
    .where(inArray(profiles.userId, [...userIds]));
  return new Map(rows.map(({ userId, ...name }) => [userId, name]));
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

const therapist = persons('therapeut');
const therapistFirma = firmaNames('therapeut_firma');

/**
 * Therapists by name; `onlyListed` keeps the active ones whose list display is on and whose profile has a first and a
 * last name (the patients' directory and filters: a new account is not shown half-made, issue 15 item 8).
 */
export async function listTherapists(
  db: Database,
  options: { onlyListed: boolean; userId?: number },
): Promise<TherapistRow[]> {
  const conditions = [eq(therapist.role, 'THERAPEUT'), isNull(therapist.deletedAt)];
  if (options.onlyListed) {
    conditions.push(
      eq(therapist.active, true),
      sql`coalesce(${therapist.listenanzeige}, true)`,
      sql`btrim(coalesce(${therapist.vorname}, '')) <> ''`,
      sql`btrim(coalesce(${therapist.nachname}, '')) <> ''`,
    );
  }
  if (options.userId !== undefined) conditions.push(eq(therapist.userId, options.userId));
  return db
    .select({
      id: therapist.userId,
      email: therapist.email,
      aktiv: therapist.active,
      firmaId: therapist.firmaId,
      firmenName: therapistFirma.bezeichner,
      vorname: sql<string>`coalesce(${therapist.vorname}, '')`,
      nachname: sql<string>`coalesce(${therapist.nachname}, '')`,
      ausbildung: sql<string>`coalesce(${therapist.ausbildung}, '')`,
      schwerpunkte: sql<string>`coalesce(${therapist.schwerpunkte}, '')`,
      beschreibung: sql<string>`coalesce(${therapist.beschreibung}, '')`,
      listenanzeige: sql<boolean>`coalesce(${therapist.listenanzeige}, true)`,
      profilbild: therapist.profilbild,
    })
    .from(therapist)
    .leftJoin(therapistFirma, eq(therapistFirma.id, therapist.firmaId))
    .where(and(...conditions))
    .orderBy(
      asc(sql`lower(coalesce(${therapist.nachname}, ''))`),
      asc(sql`lower(coalesce(${therapist.vorname}, ''))`),
      asc(therapist.userId),
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

const author = persons('autor');

/** Every entry on a patient, newest first, with the author's name and e-mail (empty when the author is gone). */
export async function listDocumentation(db: Database, patientUserId: number): Promise<DocumentationRow[]> {
  return db
    .select({
      id: documentation.id,
      datum: documentation.datum,
      beitrag: documentation.beitrag,
      vonBetreiber: documentation.vonBetreiber,
      autorVorname: sql<string>`coalesce(${author.vorname}, '')`,
      autorNachname: sql<string>`coalesce(${author.nachname}, '')`,
      autorEmail: sql<string>`coalesce(${author.email}, '')`,
    })
    .from(documentation)
    .leftJoin(author, eq(author.userId, documentation.autorUserId))
    .where(eq(documentation.patientUserId, patientUserId))
    .orderBy(desc(documentation.datum), desc(documentation.id));
}

export type NewProfile = typeof profiles.$inferInsert;

/** A profile as given (the demo world). */
export async function insertProfile(tx: Transaction, values: NewProfile): Promise<void> {
  await tx.insert(profiles).values(values);
}

/** Deletes the profile and the documentation about the patient; answers the photo's file-store key, if any. */
export async function deleteProfileAndDocumentation(tx: Transaction, userId: number): Promise<string | null> {
  const [profile] = await tx
    .select({ profilbild: profiles.profilbild })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  await tx.delete(profiles).where(eq(profiles.userId, userId));
  await tx.delete(documentation).where(eq(documentation.patientUserId, userId));
  return profile?.profilbild ?? null;
}

/** The profile row and the documentation about the patient, oldest first (self-service export). */
export async function profileAndDocumentationOf(db: Database | Transaction, userId: number) {
  const profile = await db.select().from(profiles).where(eq(profiles.userId, userId));
  const entries = await db
    .select()
    .from(documentation)
    .where(eq(documentation.patientUserId, userId))
    .orderBy(asc(documentation.id));
  return { profile, entries };
}

/** The self-service export's keys of profile and documentation: the tables' SQL names. */
export const EXPORT_KEYS = { profile: exportKey(profiles), documentation: exportKey(documentation) } as const;
