import type { Database } from '../../db/client.ts';
import { listLockedEmails } from './users.repository.ts';

/** E-mails of the accounts locked after too many wrong passwords ("Gesperrte Benutzer"). */
export const lockedUsers = (db: Database): Promise<string[]> => listLockedEmails(db);
