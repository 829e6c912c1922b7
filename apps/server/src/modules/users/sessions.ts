import type { SessionClaims } from '@dihs/contract/auth';
import type { Database, Transaction } from '../../db/client.ts';
import type { SessionPublisher } from '../../plugins/session-events.ts';
import type { RevokedToken } from '../../plugins/session-gate.ts';
import {
  deleteRevokedTokensBefore,
  insertRevokedToken,
  moveSessionsValidFrom,
  revokedTokensValidAfter,
} from './sessions.repository.ts';

type Db = Database | Transaction;

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
  await insertRevokedToken(db, claims.jti, validUntil);
  await sessions.publish({ kind: 'token', jti: claims.jti, expMs: validUntil.getTime() });
}

/** The revoked tokens that have not expired yet. */
export async function listRevokedTokens(db: Db, now = new Date()): Promise<RevokedToken[]> {
  const rows = await revokedTokensValidAfter(db, now);
  return rows.map((row) => ({ jti: row.jti, expiresAt: row.validUntil }));
}

/** Deletes revoked tokens that have expired: they fail the signature check's exp anyway. */
export async function pruneRevokedTokens(db: Db, now = new Date()): Promise<void> {
  await deleteRevokedTokensBefore(db, now);
}
