import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * With separate roles (DATABASE_OWNER_URL beside DATABASE_URL): the owner grants the runtime role, whoever
 * DATABASE_URL logs in as, what the application needs, after the migrations so their new tables are included. The
 * SQL function (migration "protokoll-kette") leaves out UPDATE, DELETE and TRUNCATE on the audit log and refuses a
 * runtime role that owns the tables or holds the owner's rights. Answers the runtime role's name.
 */
export async function grantRuntimeRole(owner: Database, runtime: Database): Promise<string> {
  const result: unknown = await runtime.execute(sql`select current_user as rolle`);
  const role = (result as { rows: { rolle: string }[] }).rows[0]?.rolle;
  if (!role) throw new Error('Die Rolle von DATABASE_URL ist nicht zu ermitteln.');
  await owner.execute(sql`select dihs_laufzeitrechte(${role}::name)`);
  return role;
}
