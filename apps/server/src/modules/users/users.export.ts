import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { columnsWithout, exportKey } from '../../lib/patient-export.ts';
import { users } from './users.table.ts';

/** Self-service export: the account row without the password hash and the TOTP secret (only whether one is set). */
export async function exportPatient(db: Database | Transaction, userId: number): Promise<Record<string, unknown[]>> {
  const rows = await db
    .select({
      ...columnsWithout(users, 'passwordHash', 'secondFactorSecret'),
      secondFactorEnabled: sql<boolean>`${users.secondFactorSecret} is not null`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return { [exportKey(users)]: rows };
}
