import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { revokedTokens } from './sessions.table.ts';
import { users } from './users.table.ts';

type Db = Database | Transaction;
type RevokedTokenRow = typeof revokedTokens.$inferSelect;

/** Sets the account's "sessions valid from" to `at` unless it is later already (never moved back). */
export async function moveSessionsValidFrom(db: Db, userId: number, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ sessionsValidFrom: at })
    .where(and(eq(users.id, userId), or(isNull(users.sessionsValidFrom), lt(users.sessionsValidFrom, at))));
}

/** Records a revoked token by its id (a second revocation changes nothing). */
export async function insertRevokedToken(db: Db, jti: string, validUntil: Date): Promise<void> {
  await db.insert(revokedTokens).values({ jti, validUntil }).onConflictDoNothing();
}

/** The revoked tokens valid after `now`. */
export const revokedTokensValidAfter = (db: Db, now: Date): Promise<RevokedTokenRow[]> =>
  db.select().from(revokedTokens).where(gt(revokedTokens.validUntil, now));

/** Deletes the revoked tokens whose validity ended before `now`. */
export async function deleteRevokedTokensBefore(db: Db, now: Date): Promise<void> {
  await db.delete(revokedTokens).where(lt(revokedTokens.validUntil, now));
}
