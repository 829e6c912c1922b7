import { randomBytes } from 'node:crypto';
import type { Transaction } from '../../db/client.ts';
import { deleteLoginSessionsOf } from './sessions.repository.ts';
import { overwriteAccount } from './users.repository.ts';

/**
 * Patient erasure, last step: the account row stays for records that must be kept (payments, appointments),
 * stripped of everything personal. Runs after the other modules' steps, which may still need the e-mail.
 */
export async function erasePatient(tx: Transaction, userId: number): Promise<string[]> {
  // the stored logins (addresses, devices) go; the erasure has ended the sessions already
  await deleteLoginSessionsOf(tx, userId);
  await overwriteAccount(tx, userId, {
    email: `geloescht-${userId}@geloescht.invalid`,
    passwordHash: `geloescht:${randomBytes(16).toString('hex')}`,
    privileges: [],
    active: false,
    failedLogins: 0,
    lockedAt: null,
    secondFactorSecret: null,
    emailConfirmed: false,
    firmaId: null,
    deletedAt: new Date(),
  });
  return [];
}
