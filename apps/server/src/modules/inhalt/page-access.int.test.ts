import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privilegeCode, roleCode, type Privilege, type Role } from '@dihs/contract/common/roles';
import type { NavigationNode } from '@dihs/contract/navigation';
import { hashPassword } from '../../lib/password.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEMO_FIRMA } from '../firma/index.ts';
import { firmen } from '../firma/firma.table.ts';
import { navigationNodes } from '../navigation/navigation.table.ts';
import { DEMO_PASSWORD } from '../users/index.ts';
import { users } from '../users/users.table.ts';
import { pages } from './inhalt.table.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { inhaltEndpoints } from '@dihs/contract/inhalt';
import { navigationEndpoints } from '@dihs/contract/navigation';

/**
 * Every combination of active / public / role list / privilege list / company, for every kind of viewer, through
 * the HTTP API: GET /api/inhalt/{url} and the page's entry in GET /api/navigation must agree with the rule of
 * docs/decisions.md ("Content pages and navigation").
 */

interface PageCase {
  aktiv: boolean;
  oeffentlich: boolean;
  /** Restricted to therapists. */
  rolle: boolean;
  /** Restricted to holders of STATISTIK_LESEN. */
  recht: boolean;
  /** Restricted to the demo company. */
  firma: boolean;
}
interface ViewerCase {
  name: string;
  role: Role | null;
  privileges: Privilege[];
  inFirma: boolean;
}

const flags = [false, true];
const PAGE_CASES: PageCase[] = flags.flatMap((aktiv) =>
  flags.flatMap((oeffentlich) =>
    flags.flatMap((rolle) =>
      flags.flatMap((recht) => flags.map((firma) => ({ aktiv, oeffentlich, rolle, recht, firma }))),
    ),
  ),
);

const VIEWERS: ViewerCase[] = [
  { name: 'Besucher', role: null, privileges: [], inFirma: false },
  { name: 'Patient ohne Firma', role: 'PATIENT', privileges: [], inFirma: false },
  { name: 'Patient der Firma', role: 'PATIENT', privileges: [], inFirma: true },
  { name: 'Therapeut ohne Firma', role: 'THERAPEUT', privileges: [], inFirma: false },
  { name: 'Therapeut der Firma', role: 'THERAPEUT', privileges: [], inFirma: true },
  { name: 'Betreiber mit STATISTIK_LESEN', role: 'BETREIBER', privileges: ['STATISTIK_LESEN'], inFirma: false },
  {
    name: 'Betreiber mit STATISTIK_LESEN in der Firma',
    role: 'BETREIBER',
    privileges: ['STATISTIK_LESEN'],
    inFirma: true,
  },
  { name: 'Betreiber ohne Rechte', role: 'BETREIBER', privileges: [], inFirma: true },
  { name: 'Editor', role: 'BETREIBER', privileges: ['NAVIGATION_EDITIEREN'], inFirma: false },
];

/** The decided rule, spelled out per case. */
function expectedStatus(page: PageCase, viewer: ViewerCase): number {
  if (viewer.privileges.includes('NAVIGATION_EDITIEREN')) return 200;
  if (!page.aktiv) return 404;
  if (page.oeffentlich && !page.rolle && !page.recht && !page.firma) return 200;
  if (viewer.role === null) return 401;
  if (page.rolle || page.recht) {
    const byRole = page.rolle && viewer.role === 'THERAPEUT';
    const byPrivilege = page.recht && viewer.privileges.includes('STATISTIK_LESEN');
    if (!byRole && !byPrivilege) return 403;
  }
  if (page.firma && !viewer.inFirma) return 403;
  return 200;
}

const urlOf = (page: PageCase) =>
  `zugriff-${[page.aktiv, page.oeffentlich, page.rolle, page.recht, page.firma].map(Number).join('')}`;

let t: TestApp;
const bearers = new Map<string, string | undefined>();
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_IP: '10000', LOGIN_RATE_LIMIT_ACCOUNT: '10000' });
  const [firma] = await t.db.select().from(firmen).where(eq(firmen.bezeichner, DEMO_FIRMA));
  const hash = await hashPassword(DEMO_PASSWORD);
  for (const [index, viewer] of VIEWERS.entries()) {
    if (!viewer.role) continue;
    const email = `zugriff-${index}@test.de`;
    await t.db.insert(users).values({
      email,
      role: viewer.role,
      passwordHash: hash,
      privileges: viewer.privileges.map(privilegeCode),
      firmaId: viewer.inFirma ? firma!.id : null,
    });
    bearers.set(viewer.name, await t.bearer(email));
  }
  for (const [position, page] of PAGE_CASES.entries()) {
    const [row] = await t.db
      .insert(pages)
      .values({
        url: urlOf(page),
        titel: urlOf(page),
        aktiv: page.aktiv,
        oeffentlich: page.oeffentlich,
        berechtigteRollen: page.rolle ? [roleCode('THERAPEUT')] : [],
        berechtigte: page.recht ? [privilegeCode('STATISTIK_LESEN')] : [],
        firmaId: page.firma ? firma!.id : null,
      })
      .returning({ id: pages.id });
    await t.db
      .insert(navigationNodes)
      .values({ position: 100 + position, titel: urlOf(page), type: 'eintrag', urlType: 'SEITE', seiteId: row!.id });
  }
});
afterAll(() => t.close());

const titles = (nodes: NavigationNode[]): string[] =>
  nodes.flatMap((n) => (n.type === 'menue' ? titles(n.kinder ?? []) : [n.titel]));

describe('page access for every combination of active, public, role, privilege and company', () => {
  it('has 32 page cases', () => {
    expect(PAGE_CASES).toHaveLength(32);
  });

  it.each(VIEWERS.map((viewer) => [viewer.name, viewer] as const))('%s', async (_, viewer) => {
    const authorization = bearers.get(viewer.name);
    const headers = authorization ? { authorization } : {};
    const menu = titles(
      (await t.app.inject({ method: 'GET', url: apiUrl(navigationEndpoints.baum), headers })).json<NavigationNode[]>(),
    );
    const outcome: Record<string, { status: number; inMenu: boolean }> = {};
    const expected: Record<string, { status: number; inMenu: boolean }> = {};
    for (const page of PAGE_CASES) {
      const response = await t.app.inject({
        method: 'GET',
        url: apiUrl(inhaltEndpoints.seite, { params: { url: urlOf(page) } }),
        headers,
      });
      outcome[urlOf(page)] = { status: response.statusCode, inMenu: menu.includes(urlOf(page)) };
      const status = expectedStatus(page, viewer);
      expected[urlOf(page)] = { status, inMenu: status === 200 };
    }
    expect(outcome).toEqual(expected);
  });
});
