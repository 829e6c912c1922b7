import type { EndpointDeclaration } from '@dihs/contract/common/endpoint';
import { privilegeCode, type Privilege, type Role } from '@dihs/contract/common/roles';
import { hashPassword } from '../lib/password.ts';
import { profiles } from '../modules/profil/profil.table.ts';
import { DEMO_PASSWORD } from '../modules/users/index.ts';
import { users } from '../modules/users/users.table.ts';
import { injectEndpoint, type InjectInput } from './inject-endpoint.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * A test app with the demo world plus fresh accounts made on demand, addressed by e-mail: the set-up of the
 * integration tests that act as many people (patients without appointments, therapists, operators with chosen
 * privileges). `start()` in beforeAll, `close()` in afterAll.
 */
export function createAccountWorld(prefix: string, options: { profileName?: [string, string] } = {}) {
  let app: TestApp | undefined;
  let hash = '';
  let counter = 0;
  const bearers = new Map<string, string>();
  /** User ids by e-mail: the demo accounts and every account made here. */
  const ids: Record<string, number> = {};
  const t = () => {
    if (!app) throw new Error('createAccountWorld: start() fehlt');
    return app;
  };

  async function bearer(email: string) {
    if (!bearers.has(email)) bearers.set(email, await t().bearer(email));
    return bearers.get(email)!;
  }

  return {
    ids,
    bearer,
    async start(): Promise<TestApp> {
      app = await createTestApp({ LOGIN_RATE_LIMIT_IP: '1000', LOGIN_RATE_LIMIT_ACCOUNT: '1000' });
      hash = await hashPassword(DEMO_PASSWORD);
      for (const row of await app.db.select({ id: users.id, email: users.email }).from(users)) ids[row.email] = row.id;
      return app;
    },
    close: () => t().close(),
    /** A fresh, confirmed account with the demo password; answers its e-mail. */
    account: async (role: Role, privileges: Privilege[] = []): Promise<string> => {
      const email = `${prefix}-${role.toLowerCase()}-${counter++}@test.de`;
      const [row] = await t()
        .db.insert(users)
        .values({ email, role, passwordHash: hash, privileges: privileges.map(privilegeCode), emailConfirmed: true })
        .returning({ id: users.id });
      ids[email] = row!.id;
      if (options.profileName) {
        const [vorname, nachname] = options.profileName;
        await t().db.insert(profiles).values({ userId: row!.id, vorname, nachname });
      }
      return email;
    },
    /** Calls the endpoint as the account with this e-mail, or anonymously (null). */
    call: async <E extends EndpointDeclaration>(declaration: E, email: string | null, input: InjectInput<E> = {}) =>
      injectEndpoint(t().app, declaration, {
        ...input,
        ...(email ? { authorization: await bearer(email) } : {}),
      }),
  };
}
