import type { SessionClaims } from '@dihs/contract/auth';
import type { Database } from '../../db/client.ts';
import { findUserById } from './users.repository.ts';

/** Who is looking: the session's role and privileges plus the account's company, for access rules. */
export interface Viewer {
  userId: number;
  role: SessionClaims['role'];
  privileges: readonly number[];
  firmaId: number | null;
}

/** The viewer behind a session; null for visitors and for accounts that no longer exist. */
export async function viewerOf(db: Database, session: SessionClaims | null): Promise<Viewer | null> {
  if (!session) return null;
  const user = await findUserById(db, session.userId);
  if (!user) return null;
  return { userId: user.id, role: session.role, privileges: session.privileges, firmaId: user.firmaId };
}
