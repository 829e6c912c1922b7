import type { SessionClaims } from '@dihs/contract/auth';
import type { Database, Transaction } from '../../db/client.ts';
import type { SessionPublisher } from '../../plugins/session-events.ts';
import type { RevokedToken } from '../../plugins/session-gate.ts';
import {
  deleteLoginSessionsBefore,
  deleteRevokedTokensBefore,
  deviceHistory,
  insertLoginSession,
  insertRevokedToken,
  loginSessionActivity,
  markAllSessionsEnded,
  markSessionEnded,
  moveSessionsValidFrom,
  replaceSessionToken,
  revokedTokensValidAfter,
  runningSessionOf,
  runningSessionsOf,
  touchLoginSession,
  type LoginSessionRow,
} from './sessions.repository.ts';

type Db = Database | Transaction;

/** How long a session row outlives its token: the memory of known devices (as long as the device cookie lives). */
export const SESSION_RETENTION_DAYS = 400;
/** The most often a session's last activity is written. */
export const SESSION_TOUCH_MS = 60_000;

/** A login as it is stored: the token's ids and lifetime, and where it came from. */
export interface NewLoginSession {
  userId: number;
  /** The token's sid, jti, issue time and expiry. */
  token: Required<Pick<SessionClaims, 'sid' | 'jti' | 'exp'>> & { issuedAt: Date };
  /** The login's time by the app's clock: its first activity. */
  startedAt: Date;
  geraet: string;
  browser: string;
  adresse: string;
  /** SHA-256 (hex) of the browser's device cookie. */
  deviceKeyHash: string;
}

/**
 * Stores a login's session and tells whether it came from a device the account has not used before: no earlier
 * session with this device cookie, while the account has earlier sessions at all (its very first login is not
 * "new"; docs/decisions.md, issue 31 item 7).
 */
export async function startLoginSession(db: Db, login: NewLoginSession): Promise<{ newDevice: boolean }> {
  const history = await deviceHistory(db, login.userId, login.deviceKeyHash);
  const { sid, jti, exp, issuedAt } = login.token;
  await insertLoginSession(db, {
    id: sid,
    userId: login.userId,
    jti,
    issuedAt,
    validUntil: new Date(exp * 1000),
    loggedInAt: login.startedAt,
    lastActivity: login.startedAt,
    device: login.geraet,
    browser: login.browser,
    address: login.adresse,
    deviceKeyHash: login.deviceKeyHash,
  });
  return { newDevice: history.anySession && !history.knownDevice };
}

/**
 * The account's running sessions (not ended, not idle for `idleSeconds`, not expired, not before its "sessions valid
 * from").
 */
export const runningSessions = (
  db: Db,
  userId: number,
  idleSeconds: number,
  now = new Date(),
): Promise<LoginSessionRow[]> => runningSessionsOf(db, userId, now, new Date(now.getTime() - idleSeconds * 1000));

/** A stored session's last activity and end (plugins/session-activity.ts). */
export const sessionActivity = (db: Db, sid: string) => loginSessionActivity(db, sid);

/**
 * "Abmelden" for one session of the account: its token is revoked as a logout revokes it (every instance refuses it
 * at once). False when the account has no such running session.
 */
export async function endLoginSession(
  sessions: SessionPublisher,
  db: Db,
  userId: number,
  id: string,
  now = new Date(),
): Promise<boolean> {
  // an idle session still listed nowhere is ended as well: its token must not come back to life
  const running = await runningSessionOf(db, userId, id, now);
  if (!running) return false;
  await markSessionEnded(db, userId, id, now);
  await insertRevokedToken(db, running.jti, running.validUntil);
  await sessions.publish({ kind: 'token', jti: running.jti, expMs: running.validUntil.getTime() });
  return true;
}

/** "Überall abmelden": every session of the account ends, tokens without a stored session as well. */
export async function endAllLoginSessions(sessions: SessionPublisher, db: Db, userId: number): Promise<void> {
  const at = new Date();
  await markAllSessionsEnded(db, userId, at);
  await endSessions(sessions, db, userId, at);
}

/** A password change's new token for the caller's session: the session stays listed and can be ended. */
export async function renewLoginSession(db: Db, claims: SessionClaims): Promise<void> {
  if (!claims.sid || !claims.jti) return;
  await replaceSessionToken(db, claims.userId, claims.sid, {
    jti: claims.jti,
    issuedAt: new Date(claims.iatMs ?? (claims.iat ?? 0) * 1000),
    validUntil: new Date(claims.exp * 1000),
  });
}

/**
 * Notes the session's activity and, when given, its address, at most once per SESSION_TOUCH_MS (the write is skipped
 * otherwise).
 */
export async function touchSession(db: Db, sid: string, address: string | undefined, now: Date): Promise<void> {
  await touchLoginSession(db, sid, now, address, new Date(now.getTime() - SESSION_TOUCH_MS));
}

/**
 * Ends every session of the account issued before `at`: the one way a password, e-mail or privilege change, a
 * lock, a deactivation or a deletion does it. Stores "sessions valid from" (never moved back) and tells every
 * instance's session gate at once. Inside a transaction the event goes out before the commit; it carries the time
 * itself, so the gates refuse at once either way, and a rolled-back change at worst ends sessions needlessly.
 */
export async function endSessions(sessions: SessionPublisher, db: Db, userId: number, at = new Date()): Promise<void> {
  await moveSessionsValidFrom(db, userId, at);
  await sessions.publish({ kind: 'account', userId, validFromMs: at.getTime() });
}

/** Logout: the token (by its id) no longer passes any instance's session gate; the account's other sessions stay. */
export async function revokeToken(sessions: SessionPublisher, db: Db, claims: SessionClaims): Promise<void> {
  // A token from before the jti claim has no id to revoke; it ends with its lifetime (docs/decisions.md).
  if (claims.jti === undefined) return;
  const validUntil = new Date(claims.exp * 1000);
  if (claims.sid) await markSessionEnded(db, claims.userId, claims.sid, new Date());
  await insertRevokedToken(db, claims.jti, validUntil);
  await sessions.publish({ kind: 'token', jti: claims.jti, expMs: validUntil.getTime() });
}

/** The revoked tokens that have not expired yet. */
export async function listRevokedTokens(db: Db, now = new Date()): Promise<RevokedToken[]> {
  const rows = await revokedTokensValidAfter(db, now);
  return rows.map((row) => ({ jti: row.jti, expiresAt: row.validUntil }));
}

/**
 * Deletes revoked tokens that have expired (they fail the signature check's exp anyway), and session rows past
 * their retention.
 */
export async function pruneRevokedTokens(db: Db, now = new Date()): Promise<void> {
  await deleteRevokedTokensBefore(db, now);
  await deleteLoginSessionsBefore(db, new Date(now.getTime() - SESSION_RETENTION_DAYS * 86_400_000));
}
