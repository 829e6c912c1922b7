import type { NavigationNode } from '@dihs/contract/navigation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { navigationEndpoints } from '@dihs/contract/navigation';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every entry title of a tree, depth first. */
const titles = (nodes: NavigationNode[]): string[] =>
  nodes.flatMap((n) => (n.type === 'menue' ? [n.titel, ...titles(n.kinder ?? [])] : [n.titel]));

async function treeFor(email?: string): Promise<string[]> {
  const headers = email ? { authorization: await t.bearer(email) } : {};
  const response = await t.app.inject({ method: 'GET', url: apiUrl(navigationEndpoints.baum), headers });
  expect(response.statusCode).toBe(200);
  return titles(response.json<NavigationNode[]>());
}

describe('GET /api/navigation', () => {
  it('shows a visitor only public pages, external links and nothing that needs a login', async () => {
    const visible = await treeFor();
    expect(visible).toEqual(
      expect.arrayContaining(['Über uns', 'Über die Plattform', 'Häufige Fragen', 'Leitlinien (AWMF)', 'Kontakt']),
    );
    for (const hidden of [
      'Terminplan',
      'Leistungen kaufen',
      'Videos',
      'Mein Profil',
      'Für Therapeuten',
      'Entwurf: Sommeraktion',
    ]) {
      expect(visible).not.toContain(hidden);
    }
  });

  it('keeps a menu for a visitor when one public page is left in it', async () => {
    const visible = await treeFor();
    expect(visible).toEqual(expect.arrayContaining(['Meine Therapie', 'Training', 'Sturzprävention']));
  });

  it('shows a patient the patient links but not the company page of another company or therapist pages', async () => {
    const visible = await treeFor('patient@demo.de');
    expect(visible).toEqual(
      expect.arrayContaining([
        'Meine Therapie',
        'Terminplan',
        'Leistungen kaufen',
        'Training',
        'Videos',
        'Mein Profil',
      ]),
    );
    expect(visible).not.toContain('Angebot Ihrer Firma');
    expect(visible).not.toContain('Für Therapeuten');
  });

  it('shows the company page to the company patient', async () => {
    expect(await treeFor('firmenpatient@demo.de')).toContain('Angebot Ihrer Firma');
  });

  it('shows a therapist the therapist menu and not the patient links', async () => {
    const visible = await treeFor('therapeut@demo.de');
    expect(visible).toEqual(expect.arrayContaining(['Für Therapeuten', 'Meine Termine', 'Hinweise für Therapeuten']));
    expect(visible).not.toContain('Terminplan');
    expect(visible).not.toContain('Leistungen kaufen');
  });

  it('shows an editor the inactive page too', async () => {
    expect(await treeFor('betreiber@demo.de')).toContain('Entwurf: Sommeraktion');
  });

  it('resolves page entries to their url and static flag', async () => {
    const response = await t.app.inject({ method: 'GET', url: apiUrl(navigationEndpoints.baum) });
    const about = response.json<NavigationNode[]>().find((n) => n.titel === 'Über uns');
    expect(about?.kinder?.[0]?.urlDto).toEqual({ urlType: 'SEITE', ziel: 'ueber-uns', statisch: false });
    expect(about?.kinder?.[1]?.urlDto).toEqual({ urlType: 'SEITE', ziel: 'faq', statisch: true });
  });
});
