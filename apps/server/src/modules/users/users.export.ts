import type { Database, Transaction } from '../../db/client.ts';
import { accountForExport, USERS_EXPORT_KEY } from './users.repository.ts';

/** Self-service export: the account row without the password hash and the TOTP secret (only whether one is set). */
export async function exportPatient(db: Database | Transaction, userId: number): Promise<Record<string, unknown[]>> {
  return { [USERS_EXPORT_KEY]: await accountForExport(db, userId) };
}
