import { createHash, randomBytes } from 'node:crypto';
import type { Database, Transaction } from '../../db/client.ts';
import { deleteUnusedCodes, findCodeUser, insertCode, markCodeUsed } from './codes.repository.ts';
import type { CodePurpose } from './codes.table.ts';

/** How long a mailed code stays valid. */
export const CODE_TTL_HOURS = 24;

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * Creates a one-time code (256 random bits, base64url) for a user and purpose; earlier unused codes of the same
 * purpose stop working. Only the hash is stored. Returns the code for the mail link.
 */
export async function issueCode(
  db: Database | Transaction,
  input: { userId: number; purpose: CodePurpose; newEmail?: string; ttlHours?: number },
): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await deleteUnusedCodes(db, input.userId, input.purpose);
  await insertCode(db, {
    userId: input.userId,
    purpose: input.purpose,
    codeHash: hashCode(code),
    newEmail: input.newEmail ?? null,
    expiresAt: new Date(Date.now() + (input.ttlHours ?? CODE_TTL_HOURS) * 3600_000),
  });
  return code;
}

export interface ConsumedCode {
  userId: number;
  newEmail: string | null;
}

/**
 * Uses a code once: one UPDATE marks it used only if it is unused and unexpired, so two parallel requests
 * with the same code cannot both succeed. Null for unknown, used, expired or other-purpose codes.
 */
export async function consumeCode(
  db: Database | Transaction,
  purpose: CodePurpose,
  code: string,
): Promise<ConsumedCode | null> {
  return (await markCodeUsed(db, { codeHash: hashCode(code), purpose, now: new Date() })) ?? null;
}

/**
 * The user a code was issued to, even once used or expired (a second click on a mailed link); null for an unknown
 * code. Only the holder of the 256-bit code can ask, so the answer tells nobody else anything.
 */
export async function codeUser(db: Database | Transaction, purpose: CodePurpose, code: string): Promise<number | null> {
  return (await findCodeUser(db, { codeHash: hashCode(code), purpose })) ?? null;
}
