import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users, type UserRow } from './users.table.ts';

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

export const listLockedEmails = async (db: Database): Promise<string[]> =>
  (await db.select({ email: users.email }).from(users).where(isNotNull(users.lockedAt)).orderBy(users.email)).map(
    (r) => r.email,
  );
