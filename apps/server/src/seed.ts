import type { Database } from './db/client.ts';
import { MODULES } from './modules/index.ts';
import type { DemoWorld } from './modules/module-descriptor.ts';
import { DEMO_USERS, findUserByEmail } from './modules/users/index.ts';

/**
 * Creates the demo world once, in one transaction: if the first demo account exists, nothing happens.
 * Returns whether it seeded.
 */
export async function seedDemoWorld(db: Database): Promise<boolean> {
  const marker = DEMO_USERS[0]?.email ?? 'betreiber@demo.de';
  if (await findUserByEmail(db, marker)) return false;
  await db.transaction(async (tx) => {
    // each module seeds its own records, in the module list's order; earlier seeds leave ids for later ones
    const world: DemoWorld = {};
    for (const module of MODULES) await module.seedDemo?.(tx, world);
  });
  return true;
}
