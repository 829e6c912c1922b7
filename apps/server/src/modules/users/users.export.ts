import type { Database, Transaction } from '../../db/client.ts';
import { loginSessionsForExport, SESSIONS_EXPORT_KEY } from './sessions.repository.ts';
import { accountForExport, USERS_EXPORT_KEY } from './users.repository.ts';

/**
 * Self-service export: the account row without the password hash and the TOTP secret (only whether one is set), and
 * the stored logins (device, browser, address, times; not the token id nor the device cookie's hash).
 */
export async function exportPatient(db: Database | Transaction, userId: number): Promise<Record<string, unknown[]>> {
  return {
    [USERS_EXPORT_KEY]: await accountForExport(db, userId),
    [SESSIONS_EXPORT_KEY]: await loginSessionsForExport(db, userId),
  };
}
