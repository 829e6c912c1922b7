import { eq } from 'drizzle-orm';
import type { TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../users/index.ts';
import { users } from '../users/users.table.ts';

/** A bearer of an operator holding exactly `privileges` (password of betreiber@demo.de), made once per name. */
export async function operatorWith(t: TestApp, prefix: string, privileges: number[]): Promise<string> {
  const email = `${prefix}-op-${privileges.join('-') || 'ohne'}@test.de`;
  const [template] = await t.db.select().from(users).where(eq(users.email, 'betreiber@demo.de'));
  await t.db.insert(users).values({ email, passwordHash: template!.passwordHash, role: 'BETREIBER', privileges });
  return t.bearer(email, DEMO_PASSWORD);
}
