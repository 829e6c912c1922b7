import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { columnsWithout, exportKey } from '../../lib/patient-export.ts';
import { oneTimeCodes, type CodePurpose } from './codes.table.ts';

type Db = Database | Transaction;

/** Deletes the user's unused codes of one purpose. */
export async function deleteUnusedCodes(db: Db, userId: number, purpose: CodePurpose): Promise<void> {
  await db
    .delete(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt)));
}

export async function insertCode(
  db: Db,
  values: { userId: number; purpose: CodePurpose; codeHash: string; newEmail: string | null; expiresAt: Date },
): Promise<void> {
  await db.insert(oneTimeCodes).values(values);
}

/**
 * One UPDATE marks the code used only if it is unused and unexpired at `now`; answers its user and new address, or
 * undefined (unknown, used, expired or another purpose).
 */
export async function markCodeUsed(
  db: Db,
  input: { codeHash: string; purpose: CodePurpose; now: Date },
): Promise<{ userId: number; newEmail: string | null } | undefined> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(oneTimeCodes.codeHash, input.codeHash),
        eq(oneTimeCodes.purpose, input.purpose),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, input.now),
      ),
    )
    .returning({ userId: oneTimeCodes.userId, newEmail: oneTimeCodes.newEmail });
  return row;
}

/** The user of a stored code of this purpose, whether used, expired or not; undefined for an unknown code. */
export async function findCodeUser(
  db: Db,
  input: { codeHash: string; purpose: CodePurpose },
): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: oneTimeCodes.userId })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.codeHash, input.codeHash), eq(oneTimeCodes.purpose, input.purpose)))
    .limit(1);
  return row?.userId;
}

/** Every code of a user (patient erasure). */
export async function deleteCodesOf(tx: Transaction, userId: number): Promise<void> {
  await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.userId, userId));
}

/** Self-service export: the one-time codes issued to the patient (purpose, dates, new address), never their hash. */
export async function exportPatient(db: Db, userId: number): Promise<Record<string, unknown[]>> {
  const rows = await db
    .select(columnsWithout(oneTimeCodes, 'codeHash'))
    .from(oneTimeCodes)
    .where(eq(oneTimeCodes.userId, userId))
    .orderBy(asc(oneTimeCodes.id));
  return { [exportKey(oneTimeCodes)]: rows };
}
