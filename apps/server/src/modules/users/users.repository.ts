import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Role } from '@dihs/contract/common/roles';
import type { Database, Transaction } from '../../db/client.ts';
import { profiles } from '../profil/profil.table.ts';
import { users, type UserRow } from './users.table.ts';

type Db = Database | Transaction;

export const findUserByEmail = async (db: Database, email: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1))[0];

export const findUserById = async (db: Database, id: number): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];

/**
 * Counts one wrong password in a single statement (no lost update between parallel attempts) and
 * locks the account when the count reaches the limit. Returns whether the account is now locked.
 */
export async function recordFailedLogin(db: Database, id: number, limit: number): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set({
      failedLogins: sql`${users.failedLogins} + 1`,
      lockedAt: sql`case when ${users.failedLogins} + 1 >= ${limit} then coalesce(${users.lockedAt}, now()) else ${users.lockedAt} end`,
    })
    .where(eq(users.id, id))
    .returning({ lockedAt: users.lockedAt });
  return Boolean(row?.lockedAt);
}

export async function resetFailedLogins(db: Database, id: number): Promise<void> {
  await db
    .update(users)
    .set({ failedLogins: 0 })
    .where(and(eq(users.id, id), sql`${users.failedLogins} <> 0`));
}

export const listLockedEmails = async (db: Db): Promise<string[]> =>
  (
    await db
      .select({ email: users.email })
      .from(users)
      .where(and(isNotNull(users.lockedAt), isNull(users.deletedAt)))
      .orderBy(users.email)
  ).map((r) => r.email);

/** Ends the lock of the given accounts and resets their counters. */
export async function unlockEmails(db: Db, emails: readonly string[]): Promise<void> {
  if (emails.length === 0) return;
  await db
    .update(users)
    .set({ lockedAt: null, failedLogins: 0 })
    .where(and(inArray(users.email, [...emails]), isNotNull(users.lockedAt)));
}

const listEntryColumns = { id: users.id, email: users.email, privileges: users.privileges, active: users.active };
export interface UserListRow {
  id: number;
  email: string;
  privileges: number[];
  active: boolean;
}

/** The accounts of one role, deleted patients left out, by e-mail. */
export const listUsersByRole = (db: Db, role: Role): Promise<UserListRow[]> =>
  db
    .select(listEntryColumns)
    .from(users)
    .where(and(eq(users.role, role), isNull(users.deletedAt)))
    .orderBy(users.email);

/** An account that has not been deleted, or undefined. */
export const findActiveAccountById = async (db: Db, id: number): Promise<UserRow | undefined> =>
  (
    await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .limit(1)
  )[0];

/**
 * Creates an account with an empty profile. Null when the e-mail is taken: the unique index decides, so two
 * parallel requests for one address cannot both succeed.
 */
export async function insertUserWithProfile(
  tx: Transaction,
  input: { email: string; role: Role; passwordHash: string },
): Promise<number | null> {
  const [row] = await tx
    .insert(users)
    .values({ email: input.email, role: input.role, passwordHash: input.passwordHash })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!row) return null;
  await tx.insert(profiles).values({ userId: row.id });
  return row.id;
}

/**
 * Sets the granted privileges and the active flag in one statement. The codes in `keep` (system-managed, such as
 * HAT_ABO) stay exactly as stored, even if another request changes them meanwhile.
 */
export async function updatePrivilegesAndActive(
  db: Db,
  id: number,
  input: { granted: readonly number[]; keep: readonly number[]; active: boolean },
): Promise<UserListRow | undefined> {
  const intArray = (codes: readonly number[]) =>
    codes.length === 0
      ? sql`'{}'::integer[]`
      : sql`array[${sql.join(
          codes.map((code) => sql`${code}`),
          sql`, `,
        )}]::integer[]`;
  const [row] = await db
    .update(users)
    .set({
      privileges: sql`array(select distinct p from unnest(array_cat(
        array(select k from unnest(${users.privileges}) as k where k = any(${intArray(input.keep)})),
        ${intArray(input.granted)})) as p order by p)`,
      active: input.active,
    })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning(listEntryColumns);
  return row;
}

/** Changes the login e-mail; a taken address fails on the unique index (the caller maps it). */
export async function updateEmail(db: Db, id: number, email: string): Promise<void> {
  await db.update(users).set({ email }).where(eq(users.id, id));
}

/** Sets a password; changedAt ends every session issued before it (session-gate.ts). */
export async function updatePasswordHash(db: Db, id: number, passwordHash: string, changedAt: Date): Promise<void> {
  await db.update(users).set({ passwordHash, sessionsValidFrom: changedAt }).where(eq(users.id, id));
}

/** Sets or (null) removes the company affiliation of an account. */
export async function setUserFirma(db: Db, id: number, firmaId: number | null): Promise<void> {
  await db.update(users).set({ firmaId }).where(eq(users.id, id));
}
