import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privilegeCode, roleCode, type Privilege, type Role } from '@dihs/contract/common/roles';
import { INHALT_TEXTS, type PageSaveBody } from '@dihs/contract/inhalt';
import type { NavigationNode } from '@dihs/contract/navigation';
import { hashPassword } from '../../lib/password.ts';
import { unsafeHtmlFindings, XSS_VECTORS } from '../../test/html-safety.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { firmen } from '../firma/firma.table.ts';
import { DEMO_PASSWORD } from '../users/index.ts';
import { users } from '../users/users.table.ts';
import { pages } from './inhalt.table.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { inhaltEndpoints } from '@dihs/contract/inhalt';
import { navigationEndpoints } from '@dihs/contract/navigation';

let t: TestApp;
let editor: string;
let demoHash: string;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_IP: '10000', LOGIN_RATE_LIMIT_ACCOUNT: '10000' });
  editor = await t.bearer('betreiber@demo.de');
  demoHash = await hashPassword(DEMO_PASSWORD);
});
afterAll(() => t.close());

let counter = 0;
async function account(role: Role, privileges: Privilege[]) {
  const email = `inhalt-konto-${counter++}@test.de`;
  await t.db.insert(users).values({ email, role, passwordHash: demoHash, privileges: privileges.map(privilegeCode) });
  return t.bearer(email);
}

async function newPage(url: string, values: Partial<typeof pages.$inferInsert> = {}) {
  await t.db.insert(pages).values({ url, titel: `Seite ${url}`, inhalt: '<p>alt</p>', ...values });
}
const pageRow = async (url: string) => (await t.db.select().from(pages).where(eq(pages.url, url)))[0];

const getMeta = (url: string, authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url: apiUrl(inhaltEndpoints.meta, { params: { url } }),
    headers: authorization ? { authorization } : {},
  });
const save = (url: string, payload: unknown, authorization: string | null = editor) =>
  t.app.inject({
    method: 'POST',
    url: apiUrl(inhaltEndpoints.meta, { params: { url } }),
    headers: authorization ? { authorization } : {},
    payload: payload as object,
  });
const view = (url: string, authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url: apiUrl(inhaltEndpoints.seite, { params: { url } }),
    headers: authorization ? { authorization } : {},
  });

const body = (url: string, over: Partial<PageSaveBody> = {}): PageSaveBody => ({
  titel: 'Neuer Titel',
  bild: null,
  inhalt: '<p>Neu</p>',
  url,
  aktiv: true,
  berechtigte: [],
  oeffentlich: true,
  berechtigteRollen: [],
  firmaId: null,
  ...over,
});

describe('GET /api/inhalt/{url}/edit', () => {
  it('answers the page meta to editors', async () => {
    const response = await getMeta('therapeuten-hinweise', editor);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      berechtigte: [],
      aktiv: true,
      oeffentlich: false,
      firmaId: null,
      berechtigteRollen: [roleCode('THERAPEUT'), roleCode('BETREIBER')],
    });
  });

  it('refuses visitors (401), and patients, therapists and operators without NAVIGATION_EDITIEREN (403)', async () => {
    expect((await getMeta('faq')).statusCode).toBe(401);
    const others = [
      await t.bearer('patient@demo.de'),
      await t.bearer('therapeut@demo.de'),
      await account('BETREIBER', ['INHALT_EDITIEREN', 'BENUTZER_VERWALTEN']),
    ];
    for (const bearer of others) expect((await getMeta('faq', bearer)).statusCode).toBe(403);
  });

  it('answers 404 for unknown and trashed pages and 400 for a malformed url', async () => {
    await newPage('im-papierkorb', { geloeschtAm: new Date() });
    expect((await getMeta('gibt-es-nicht', editor)).statusCode).toBe(404);
    expect((await getMeta('im-papierkorb', editor)).statusCode).toBe(404);
    expect((await getMeta('a%20b', editor)).statusCode).toBe(400);
  });
});

describe('POST /api/inhalt/{url}/edit', () => {
  it('saves every field of a content page, and the new url is served and linked from the menu', async () => {
    await newPage('umzug');
    const [firma] = await t.db.select().from(firmen);
    const payload = body('umgezogen', {
      titel: '  Umgezogen  ',
      bild: '/api/files/bild.png',
      aktiv: false,
      oeffentlich: false,
      berechtigte: [privilegeCode('STATISTIK_LESEN'), privilegeCode('STATISTIK_LESEN')],
      berechtigteRollen: [roleCode('THERAPEUT')],
      firmaId: firma!.id,
    });
    const response = await save('umzug', payload);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      titel: 'Umgezogen',
      bild: '/api/files/bild.png',
      inhalt: '<p>Neu</p>',
      statischeUrl: false,
      url: 'umgezogen',
    });
    expect((await getMeta('umgezogen', editor)).json()).toEqual({
      berechtigte: [privilegeCode('STATISTIK_LESEN')],
      aktiv: false,
      oeffentlich: false,
      firmaId: firma!.id,
      berechtigteRollen: [roleCode('THERAPEUT')],
    });
    expect((await view('umzug', editor)).statusCode).toBe(404);
    // inactive now: hidden from everyone but editors
    expect((await view('umgezogen', await t.bearer('therapeut2@demo.de'))).statusCode).toBe(404);
    expect((await view('umgezogen', editor)).json()).toMatchObject({ titel: 'Umgezogen' });
  });

  it('keeps the menu entry of a page whose url changes', async () => {
    const response = await save('ueber-uns', body('ueber-die-plattform', { titel: 'Über die Plattform' }));
    expect(response.statusCode).toBe(200);
    const tree = (await t.app.inject({ method: 'GET', url: apiUrl(navigationEndpoints.baum) })).json<
      NavigationNode[]
    >();
    const entry = tree.flatMap((n) => n.kinder ?? []).find((n) => n.titel === 'Über die Plattform');
    expect(entry?.urlDto).toEqual({ urlType: 'SEITE', ziel: 'ueber-die-plattform', statisch: false });
  });

  it('changes only title, image and content of a static page', async () => {
    const before = await pageRow('impressum');
    const response = await save(
      'impressum',
      body('anderes-impressum', {
        titel: 'Impressum neu',
        bild: '/api/files/logo.png',
        inhalt: '<p>Neu</p><script>x()</script>',
        aktiv: false,
        oeffentlich: false,
        berechtigteRollen: [roleCode('PATIENT')],
        berechtigte: [privilegeCode('HAT_ABO')],
      }),
    );
    expect(response.statusCode).toBe(200);
    const after = await pageRow('impressum');
    expect(after).toMatchObject({
      url: 'impressum',
      titel: 'Impressum neu',
      bild: '/api/files/logo.png',
      inhalt: '<p>Neu</p>',
      aktiv: before!.aktiv,
      oeffentlich: before!.oeffentlich,
      berechtigte: before!.berechtigte,
      berechtigteRollen: before!.berechtigteRollen,
      firmaId: before!.firmaId,
    });
    expect((await view('impressum')).statusCode).toBe(200);
  });

  it('refuses visitors (401), and patients, therapists and operators without NAVIGATION_EDITIEREN (403)', async () => {
    expect((await save('faq', body('faq'), null)).statusCode).toBe(401);
    const others = [
      await t.bearer('patient@demo.de'),
      await t.bearer('therapeut@demo.de'),
      await account('BETREIBER', ['INHALT_EDITIEREN']),
    ];
    for (const bearer of others) expect((await save('faq', body('faq'), bearer)).statusCode).toBe(403);
    expect((await pageRow('faq'))!.titel).toBe('Häufige Fragen');
  });

  it('answers 404 for an unknown or trashed page', async () => {
    await newPage('weg', { geloeschtAm: new Date() });
    expect((await save('gibt-es-nicht', body('gibt-es-nicht'))).statusCode).toBe(404);
    expect((await save('weg', body('weg'))).statusCode).toBe(404);
  });

  it.each([
    ['an empty title', { titel: '   ' }, INHALT_TEXTS.titelLeer],
    ['a title over 100 characters', { titel: 'x'.repeat(101) }, 'Maximale Länge beachten'],
    ['a NUL character in the title', { titel: 'a\u0000b' }, INHALT_TEXTS.titelZeichen],
    ['a javascript: image', { bild: 'javascript:alert(1)' }, INHALT_TEXTS.bildPfad],
    ['an image of another site', { bild: '//evil.example/x.png' }, INHALT_TEXTS.bildPfad],
    ['an empty url', { url: '' }, INHALT_TEXTS.urlLeer],
    ['a url with a slash', { url: 'a/b' }, INHALT_TEXTS.urlZeichen],
    ['a url with a space', { url: 'a b' }, INHALT_TEXTS.urlZeichen],
    ['a url another page holds (any case)', { url: 'FAQ' }, INHALT_TEXTS.urlBelegt],
    ['an unknown privilege code', { berechtigte: [99] }, INHALT_TEXTS.rechtUnbekannt],
    ['an unknown role code', { berechtigteRollen: [3] }, INHALT_TEXTS.rolleUnbekannt],
    ['an unknown company', { firmaId: 999_999 }, INHALT_TEXTS.firmaUnbekannt],
    ['a company id of 0', { firmaId: 0 }, INHALT_TEXTS.firmaUnbekannt],
  ])('refuses %s with a German message', async (_, over, message) => {
    await newPage(`regel-${counter}`);
    const response = await save(`regel-${counter++}`, body(`regel-neu-${counter}`, over));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('refuses 5 MB of HTML with 400 and a German message, and stores nothing', async () => {
    await newPage('gross');
    const response = await save('gross', body('gross', { inhalt: `<p>${'x'.repeat(5 * 1024 * 1024)}</p>` }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Die Anfrage ist zu groß.');
    expect((await pageRow('gross'))!.inhalt).toBe('<p>alt</p>');
  });

  it('refuses HTML over the content limit that still fits the body limit', async () => {
    await newPage('lang');
    const response = await save('lang', body('lang', { inhalt: 'x'.repeat(500_001) }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(INHALT_TEXTS.inhaltZuLang);
  });

  it('stores and serves every vector of the XSS corpus without script, handler or javascript: URL', async () => {
    await newPage('xss');
    for (const vector of XSS_VECTORS) {
      const response = await save('xss', body('xss', { inhalt: `<p>Vorher</p>${vector}<p>Nachher</p>` }));
      expect(response.statusCode, vector).toBe(200);
      const stored = (await pageRow('xss'))!.inhalt;
      expect(unsafeHtmlFindings(stored), vector).toEqual([]);
      expect(stored, vector).toContain('Vorher');
      const served = (await view('xss')).json<{ inhalt: string }>().inhalt;
      expect(unsafeHtmlFindings(served), vector).toEqual([]);
    }
  });

  it('stores the whole corpus at once safely too', async () => {
    await newPage('xss-alle');
    const response = await save('xss-alle', body('xss-alle', { inhalt: XSS_VECTORS.join('\n') }));
    expect(response.statusCode).toBe(200);
    expect(unsafeHtmlFindings((await pageRow('xss-alle'))!.inhalt)).toEqual([]);
  });
});
