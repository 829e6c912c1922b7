import { privilegeCode, PRIVILEGES_BY_ROLE, type Privilege, type Role } from '@dihs/contract/common/roles';
import type { Transaction } from '../../db/client.ts';
import { hashPassword } from '../../lib/password.ts';
import { insertUsers } from './users.repository.ts';

export const DEMO_PASSWORD = 'Demo#2026';

interface DemoUser {
  email: string;
  role: Role;
  privileges: readonly Privilege[];
  note: string;
  inFirma?: boolean;
}

/** The demo accounts of ARCHITECTURE.md section 4. */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: 'betreiber@demo.de',
    role: 'BETREIBER',
    privileges: PRIVILEGES_BY_ROLE.BETREIBER,
    note: 'alle Berechtigungen',
  },
  {
    email: 'therapeut@demo.de',
    role: 'THERAPEUT',
    privileges: ['UEBUNGEN_VERWALTEN_THERAPEUT', 'TRAININGSPLAN_VORLAGEN_VERWALTEN'],
    note: 'Übungen und Vorlagen verwalten',
  },
  { email: 'therapeut2@demo.de', role: 'THERAPEUT', privileges: [], note: 'keine Berechtigungen' },
  { email: 'patient@demo.de', role: 'PATIENT', privileges: [], note: 'ohne Firma' },
  { email: 'patient2@demo.de', role: 'PATIENT', privileges: [], note: 'ohne Firma' },
  { email: 'firmenpatient@demo.de', role: 'PATIENT', privileges: [], note: 'gehört zur Demo GmbH', inFirma: true },
];

/** Creates the demo accounts (confirmed e-mail, password Demo#2026). */
export async function seedDemoUsers(tx: Transaction, firmaId: number): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await insertUsers(
    tx,
    DEMO_USERS.map((u) => ({
      email: u.email,
      passwordHash,
      role: u.role,
      privileges: u.privileges.map(privilegeCode),
      emailConfirmed: true,
      firmaId: u.inFirma ? firmaId : null,
    })),
  );
}
