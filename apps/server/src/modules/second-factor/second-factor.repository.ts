import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../users/index.ts';

/** Stores the (sealed) TOTP key of an account, or removes it with null. */
export async function setSecondFactorSecret(db: Database, userId: number, sealed: string | null): Promise<void> {
  await db.update(users).set({ secondFactorSecret: sealed }).where(eq(users.id, userId));
}
