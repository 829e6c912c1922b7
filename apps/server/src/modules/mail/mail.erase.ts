import type { Database, Transaction } from '../../db/client.ts';
import { deleteMailsTo } from './mail.repository.ts';

/** An account's address by id: the users module's findUserById, handed in by modules/index.ts (mail.module.ts). */
export type FindAccount = (db: Database | Transaction, userId: number) => Promise<{ email: string } | undefined>;

/**
 * Patient erasure: mails to the patient, sent or not, since their text names the patient. Must run before the
 * users step anonymises the address.
 */
export async function erasePatient(tx: Transaction, userId: number, findAccount: FindAccount): Promise<string[]> {
  const user = await findAccount(tx, userId);
  if (user) await deleteMailsTo(tx, user.email);
  return [];
}
