import { and, asc, desc, eq, gt, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { exportKey } from '../../lib/patient-export.ts';
import { loginSessions, revokedTokens } from './sessions.table.ts';
import { users } from './users.table.ts';

type Db = Database | Transaction;
type RevokedTokenRow = typeof revokedTokens.$inferSelect;
export type LoginSessionRow = typeof loginSessions.$inferSelect;

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

/** Stores a login's session. */
export async function insertLoginSession(db: Db, row: typeof loginSessions.$inferInsert): Promise<void> {
  await db.insert(loginSessions).values(row);
}

/** Whether the account has any stored session, and whether one of them came with this device cookie (by hash). */
export async function deviceHistory(
  db: Db,
  userId: number,
  deviceKeyHash: string,
): Promise<{ anySession: boolean; knownDevice: boolean }> {
  const [row] = await db
    .select({
      anySession: sql<boolean>`count(*) > 0`,
      knownDevice: sql<boolean>`coalesce(bool_or(${loginSessions.deviceKeyHash} = ${deviceKeyHash}), false)`,
    })
    .from(loginSessions)
    .where(eq(loginSessions.userId, userId));
  return { anySession: Boolean(row?.anySession), knownDevice: Boolean(row?.knownDevice) };
}

/**
 * Running: not ended, token not expired and issued at or after the account's "sessions valid from" (a password change
 * or a lock ended the older ones without touching these rows).
 */
const running = (userId: number, now: Date) =>
  and(
    eq(loginSessions.userId, userId),
    isNull(loginSessions.endedAt),
    gt(loginSessions.validUntil, now),
    or(isNull(users.sessionsValidFrom), gte(loginSessions.issuedAt, users.sessionsValidFrom)),
  );

/** The account's running sessions active since `activeSince` (an idle one has ended), latest activity first. */
export const runningSessionsOf = (db: Db, userId: number, now: Date, activeSince: Date): Promise<LoginSessionRow[]> =>
  db
    .select({ session: loginSessions })
    .from(loginSessions)
    .innerJoin(users, eq(users.id, loginSessions.userId))
    .where(and(running(userId, now), gt(loginSessions.lastActivity, activeSince)))
    .orderBy(desc(loginSessions.lastActivity), asc(loginSessions.id))
    .then((rows) => rows.map((row) => row.session));

/** One running session of the account, idle or not; undefined when it has none of that id. */
export const runningSessionOf = (db: Db, userId: number, id: string, now: Date): Promise<LoginSessionRow | undefined> =>
  db
    .select({ session: loginSessions })
    .from(loginSessions)
    .innerJoin(users, eq(users.id, loginSessions.userId))
    .where(and(running(userId, now), eq(loginSessions.id, id)))
    .then((rows) => rows[0]?.session);

/** Marks the account's session ended and answers it; undefined when the account has no such session still open. */
export const markSessionEnded = (db: Db, userId: number, id: string, at: Date): Promise<LoginSessionRow | undefined> =>
  db
    .update(loginSessions)
    .set({ endedAt: at })
    .where(and(eq(loginSessions.id, id), eq(loginSessions.userId, userId), isNull(loginSessions.endedAt)))
    .returning()
    .then((rows) => rows[0]);

/** Marks every open session of the account ended. */
export async function markAllSessionsEnded(db: Db, userId: number, at: Date): Promise<void> {
  await db
    .update(loginSessions)
    .set({ endedAt: at })
    .where(and(eq(loginSessions.userId, userId), isNull(loginSessions.endedAt)));
}

/** The session's new token (a password change re-issues the caller's). */
export async function replaceSessionToken(
  db: Db,
  userId: number,
  id: string,
  token: { jti: string; issuedAt: Date; validUntil: Date },
): Promise<void> {
  await db
    .update(loginSessions)
    .set(token)
    .where(and(eq(loginSessions.id, id), eq(loginSessions.userId, userId)));
}

/**
 * Last activity and (when given) address, written only when the stored activity is older than `staleBefore` (cheap
 * writes).
 */
export async function touchLoginSession(
  db: Db,
  id: string,
  at: Date,
  address: string | undefined,
  staleBefore: Date,
): Promise<void> {
  await db
    .update(loginSessions)
    .set(address === undefined ? { lastActivity: at } : { lastActivity: at, address })
    .where(and(eq(loginSessions.id, id), lt(loginSessions.lastActivity, staleBefore)));
}

/** A session's last activity and end (the idle check, when this instance has not seen the session lately). */
export const loginSessionActivity = (db: Db, id: string) =>
  db
    .select({ lastActivity: loginSessions.lastActivity, endedAt: loginSessions.endedAt })
    .from(loginSessions)
    .where(eq(loginSessions.id, id))
    .then((rows) => rows[0]);

/** Deletes sessions whose token expired before `before`. */
export async function deleteLoginSessionsBefore(db: Db, before: Date): Promise<void> {
  await db.delete(loginSessions).where(lt(loginSessions.validUntil, before));
}

/** The self-service export's key of the stored sessions: the table's SQL name. */
export const SESSIONS_EXPORT_KEY = exportKey(loginSessions);

/** The account's stored sessions for the self-service export (no token id, no device-cookie hash). */
export const loginSessionsForExport = (db: Db, userId: number) =>
  db
    .select({
      id: loginSessions.id,
      geraet: loginSessions.device,
      browser: loginSessions.browser,
      adresse: loginSessions.address,
      angemeldetAm: loginSessions.loggedInAt,
      letzteAktivitaet: loginSessions.lastActivity,
      beendetAm: loginSessions.endedAt,
    })
    .from(loginSessions)
    .where(eq(loginSessions.userId, userId))
    .orderBy(asc(loginSessions.loggedInAt));

/** Deletes the account's stored sessions (patient erasure). */
export async function deleteLoginSessionsOf(db: Db, userId: number): Promise<void> {
  await db.delete(loginSessions).where(eq(loginSessions.userId, userId));
}
