import { and, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { privilegeCode, type Role } from '@dihs/contract/common/roles';
import type { Database, Transaction } from '../../db/client.ts';
import { columnsWithout, exportKey } from '../../lib/patient-export.ts';
import { users, type UserRow } from './users.table.ts';

type Db = Database | Transaction;

/** Whether the account is locked by either cause (account-lock.ts), as a column expression for lists. */
export const lockedColumn: SQL<boolean> = sql<boolean>`(not ${users.active} or ${users.lockedAt} is not null)`;

/** The columns that end a lock of either cause (the locked tab's unlock and the profile's switch to Aktiv). */
const UNLOCKED = { active: true, lockedAt: null, failedLogins: 0 } as const;

/** An account (deleted ones included) by e-mail, compared lower-cased. */
export const findUserByEmail = async (db: Db, email: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1))[0];

/** An account (deleted ones included) by id. */
export const findUserById = async (db: Db, id: number): Promise<UserRow | undefined> =>
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

/** Clears the count of wrong passwords in a row after a successful login. */
export async function resetFailedLogins(db: Database, id: number): Promise<void> {
  await db
    .update(users)
    .set({ failedLogins: 0 })
    .where(and(eq(users.id, id), sql`${users.failedLogins} <> 0`));
}

/** The addresses of locked (by either cause, account-lock.ts), not deleted accounts of every role, sorted. */
export const listLockedAccounts = (db: Db): Promise<{ id: number; email: string; role: Role }[]> =>
  db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(and(lockedColumn, isNull(users.deletedAt)))
    .orderBy(users.email);

/** Ends the lock of the given accounts, whichever its cause, and resets their counters. */
export async function unlockEmails(db: Db, emails: readonly string[]): Promise<void> {
  if (emails.length === 0) return;
  await db
    .update(users)
    .set(UNLOCKED)
    .where(and(inArray(users.email, [...emails]), lockedColumn));
}

// "active" as lists show it: neither switched to Gesperrt nor locked after wrong passwords
const listEntryColumns = {
  id: users.id,
  email: users.email,
  privileges: users.privileges,
  active: sql<boolean>`not ${lockedColumn}`,
};
export interface UserListRow {
  id: number;
  email: string;
  privileges: number[];
  active: boolean;
}

/** An account that has not been deleted, or undefined. */
export const findActiveAccountById = async (db: Db, id: number): Promise<UserRow | undefined> =>
  (
    await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .limit(1)
  )[0];

/** What a save of the profile's Aktiv/Gesperrt switch does to the account's lock (account-lock.ts). */
export type LockChange = 'lock' | 'unlock' | 'keep';
const LOCK_CHANGES = { lock: { active: false }, unlock: UNLOCKED, keep: {} } as const;

/**
 * Sets the granted privileges and changes the lock in one statement. The codes in `keep` (system-managed, such as
 * HAT_ABO) stay exactly as stored, even if another request changes them meanwhile.
 */
export async function updatePrivilegesAndActive(
  db: Db,
  id: number,
  input: { granted: readonly number[]; keep: readonly number[]; lock: LockChange },
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
      ...LOCK_CHANGES[input.lock],
    })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning(listEntryColumns);
  return row;
}

/** Changes the login e-mail; a taken address fails on the unique index (the caller maps it). */
export async function updateEmail(db: Db, id: number, email: string): Promise<void> {
  await db.update(users).set({ email }).where(eq(users.id, id));
}

/** Sets a password; the caller ends the account's sessions in the same transaction (sessions.ts endSessions). */
export async function updatePasswordHash(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
}

/** Sets or (null) removes the company affiliation of an account. */
export async function setUserFirma(db: Db, id: number, firmaId: number | null): Promise<void> {
  await db.update(users).set({ firmaId }).where(eq(users.id, id));
}

/** Marks the account's e-mail address as confirmed. */
export async function markEmailConfirmed(db: Db, id: number): Promise<void> {
  await db.update(users).set({ emailConfirmed: true }).where(eq(users.id, id));
}

/**
 * Sets a new password and clears the count of wrong passwords in a row. A lock (locked_at) stays: only an operator
 * ends it (docs/decisions.md). confirmEmail: the password was set through a mailed link, which proves the address.
 * The caller ends the account's sessions in the same transaction (sessions.ts endSessions).
 */
export async function setPasswordHash(
  db: Db,
  id: number,
  passwordHash: string,
  options: { confirmEmail: boolean },
): Promise<void> {
  await db
    .update(users)
    .set({
      passwordHash,
      failedLogins: 0,
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

const HAT_ABO = privilegeCode('HAT_ABO');

/** Adds or removes HAT_ABO in one statement, leaving every other privilege as it is. */
export async function setHatAbo(tx: Transaction, userId: number, on: boolean): Promise<void> {
  await tx
    .update(users)
    .set({
      privileges: on
        ? sql`array(select distinct p from unnest(array_append(${users.privileges}, ${HAT_ABO}::integer)) as p order by p)`
        : sql`array_remove(${users.privileges}, ${HAT_ABO}::integer)`,
    })
    .where(eq(users.id, userId));
}

/** Stores (sealed) or removes (null) the account's TOTP secret. */
export async function setSecondFactorSecret(db: Db, userId: number, sealed: string | null): Promise<void> {
  await db.update(users).set({ secondFactorSecret: sealed }).where(eq(users.id, userId));
}

/** Every stored (sealed) TOTP secret with its account, for re-sealing under a new server secret. */
export const storedSecondFactorSecrets = (db: Db): Promise<{ userId: number; sealed: string }[]> =>
  db
    .select({ userId: users.id, sealed: sql<string>`${users.secondFactorSecret}` })
    .from(users)
    .where(isNotNull(users.secondFactorSecret))
    .orderBy(users.id);

/**
 * Replaces the account's sealed TOTP secret by `sealed` only while it is still `previous` (a set-up or removal in
 * the meantime wins); answers whether it was replaced.
 */
export async function replaceSecondFactorSecret(
  db: Db,
  userId: number,
  previous: string,
  sealed: string,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ secondFactorSecret: sealed })
    .where(and(eq(users.id, userId), eq(users.secondFactorSecret, previous)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The addresses of every active operator account. */
export async function activeOperatorEmails(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'BETREIBER'), eq(users.active, true), isNull(users.deletedAt)));
  return rows.map((row) => row.email);
}

/** Accounts as given, in one statement (the demo world). */
export async function insertUsers(tx: Transaction, rows: (typeof users.$inferInsert)[]): Promise<void> {
  await tx.insert(users).values(rows);
}

/** Overwrites an account's fields (patient erasure keeps the row, stripped of everything personal). */
export async function overwriteAccount(
  tx: Transaction,
  userId: number,
  values: Partial<Omit<typeof users.$inferInsert, 'id'>>,
): Promise<void> {
  await tx.update(users).set(values).where(eq(users.id, userId));
}

/** The account row without password hash and TOTP secret, with whether a second factor is set (export). */
export const accountForExport = (db: Db, userId: number) =>
  db
    .select({
      ...columnsWithout(users, 'passwordHash', 'secondFactorSecret'),
      secondFactorEnabled: sql<boolean>`${users.secondFactorSecret} is not null`,
    })
    .from(users)
    .where(eq(users.id, userId));

/** The self-service export's key of the account: the table's SQL name. */
export const USERS_EXPORT_KEY = exportKey(users);
