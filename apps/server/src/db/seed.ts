import { eq } from 'drizzle-orm';
import { seedDemoAboPakete } from '../modules/abo/index.ts';
import { seedDemoFirma } from '../modules/firma/index.ts';
import { seedDemoGuthaben } from '../modules/guthaben/index.ts';
import { seedDemoPages } from '../modules/inhalt/index.ts';
import { seedDemoNavigation } from '../modules/navigation/index.ts';
import { seedDemoProfiles } from '../modules/profil/index.ts';
import { seedDemoTermine } from '../modules/termin/index.ts';
import { DEMO_USERS, seedDemoUsers, users } from '../modules/users/index.ts';
import { seedDemoVerwaltung } from '../modules/verwaltung/index.ts';
import type { Database } from './client.ts';

/**
 * Creates the demo world once, in one transaction: if the first demo account exists, nothing happens.
 * Returns whether it seeded.
 */
export async function seedDemoWorld(db: Database): Promise<boolean> {
  const marker = DEMO_USERS[0]?.email ?? 'betreiber@demo.de';
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, marker)).limit(1);
  if (existing.length > 0) return false;
  await db.transaction(async (tx) => {
    const firmaId = await seedDemoFirma(tx);
    await seedDemoUsers(tx, firmaId);
    await seedDemoProfiles(tx);
    const pageIds = await seedDemoPages(tx, firmaId);
    await seedDemoNavigation(tx, pageIds);
    await seedDemoAboPakete(tx);
    await seedDemoGuthaben(tx);
    await seedDemoVerwaltung(tx);
    await seedDemoTermine(tx);
  });
  return true;
}
