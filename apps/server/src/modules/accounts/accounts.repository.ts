import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { profiles } from '../profil/profil.table.ts';
import { users, type UserRow } from '../users/users.table.ts';

type Db = Database | Transaction;

/** What the accounts flows need to know about an account, with the name for the mail's greeting. */
export interface AccountRow {
  id: number;
  email: string;
  role: UserRow['role'];
  passwordHash: string;
  active: boolean;
  emailConfirmed: boolean;
  vorname: string | null;
  nachname: string | null;
}

const accountColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  passwordHash: users.passwordHash,
  active: users.active,
  emailConfirmed: users.emailConfirmed,
  vorname: profiles.vorname,
  nachname: profiles.nachname,
};

/** A not deleted account by its (lower-cased) e-mail. */
export const findAccountByEmail = async (db: Db, email: string): Promise<AccountRow | undefined> =>
  (
    await db
      .select(accountColumns)
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(and(eq(users.email, email.toLowerCase()), isNull(users.deletedAt)))
      .limit(1)
  )[0];

/** A not deleted account by id. */
export const findAccountById = async (db: Db, id: number): Promise<AccountRow | undefined> =>
  (
    await db
      .select(accountColumns)
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .limit(1)
  )[0];

export interface NewPatient {
  email: string;
  passwordHash: string;
  vorname: string;
  nachname: string;
  strasse: string;
  hausnummer: string;
  plz: string;
  ort: string;
  land: string;
  geburtsdatum: string;
}

/**
 * Creates a patient with an unconfirmed address and its profile. Null when the address is taken: the unique index
 * decides, so two parallel registrations of one address cannot both succeed.
 */
export async function insertPatient(tx: Transaction, patient: NewPatient): Promise<number | null> {
  const { email, passwordHash, ...profile } = patient;
  const [row] = await tx
    .insert(users)
    .values({ email, passwordHash, role: 'PATIENT', emailConfirmed: false })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!row) return null;
  await tx.insert(profiles).values({ userId: row.id, ...profile });
  return row.id;
}

export async function markEmailConfirmed(db: Db, id: number): Promise<void> {
  await db.update(users).set({ emailConfirmed: true }).where(eq(users.id, id));
}

/**
 * Sets a new password and clears the count of wrong passwords in a row. A lock (locked_at) stays: only an operator
 * ends it (docs/decisions.md). confirmEmail: the password was set through a mailed link, which proves the address.
 * changedAt ends every session issued before it (session-gate.ts).
 */
export async function setPasswordHash(
  db: Db,
  id: number,
  passwordHash: string,
  options: { confirmEmail: boolean; changedAt: Date },
): Promise<void> {
  await db
    .update(users)
    .set({
      passwordHash,
      failedLogins: 0,
      sessionsValidFrom: options.changedAt,
      ...(options.confirmEmail ? { emailConfirmed: true } : {}),
    })
    .where(eq(users.id, id));
}

/** Whether an account other than `exceptId` (deleted ones included: their row keeps the address) uses the e-mail. */
export async function emailTakenByOther(db: Db, email: string, exceptId: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

/** Makes a confirmed new address the login; a taken address fails on the unique index (the caller maps it). */
export async function setConfirmedEmail(db: Db, id: number, email: string): Promise<void> {
  await db.update(users).set({ email, emailConfirmed: true }).where(eq(users.id, id));
}

/** The confirmation flag of an account; undefined when there is no such (not deleted) account. */
export const emailConfirmedOf = async (db: Db, id: number): Promise<boolean | undefined> =>
  (
    await db
      .select({ emailConfirmed: users.emailConfirmed })
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .limit(1)
  )[0]?.emailConfirmed;
