import type { Transaction } from '../../db/client.ts';
import { DEMO_USERS, findUserByEmail } from '../users/index.ts';
import { recordRegistrationConsent } from './einwilligung.service.ts';

/** The demo patients consented at their (pretended) registration, so the demo books without a consent dialog. */
export async function seedDemoConsents(tx: Transaction): Promise<void> {
  for (const demo of DEMO_USERS.filter((user) => user.role === 'PATIENT')) {
    const user = await findUserByEmail(tx, demo.email);
    if (user) await recordRegistrationConsent(tx, user.id);
  }
}
