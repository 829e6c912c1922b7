import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { pages } from './inhalt.table.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { inhaltEndpoints } from '@dihs/contract/inhalt';
import { UNKNOWN_API_PATH } from '../../test/inject-endpoint.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function page(url: string, email?: string) {
  const headers = email ? { authorization: await t.bearer(email) } : {};
  return t.app.inject({ method: 'GET', url: apiUrl(inhaltEndpoints.seite, { params: { url } }), headers });
}

describe('GET /api/inhalt/{url}', () => {
  it('serves a static page to visitors with title and sanitized HTML', async () => {
    const response = await page('impressum');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ titel: 'Impressum', bild: null, statischeUrl: true });
    expect(response.json().inhalt).toContain('Beispieltext');
  });

  it('serves the demo templates of every legal and help page, marked as templates at the top', async () => {
    const expected: [string, string][] = [
      ['impressum', '§ 5 Digitale-Dienste-Gesetz'],
      ['datenschutz', 'Art. 9 Abs. 2 lit. h'],
      ['agb', 'Die Plattform ist kein Notfalldienst.'],
      ['faq', 'Wird die Videositzung aufgezeichnet?'],
      ['kontakt', 'Senden Sie uns keine Befunde'],
      ['ueber-uns', 'Unser Angebot'],
      ['einverstaendnis_videotherapie', 'nicht aufgezeichnet'],
      ['nutzungsbestimmungen', 'Zugangsdaten sind persönlich'],
      ['sturz', 'Stolperfallen in der Wohnung'],
    ];
    for (const [url, text] of expected) {
      const { inhalt } = (await page(url)).json<{ inhalt: string }>();
      expect(inhalt.startsWith('<blockquote><p><strong>Vorlage – vom Betreiber anzupassen.</strong>'), url).toBe(true);
      expect(inhalt).toContain(text);
    }
  });

  it('finds urls case-insensitively', async () => {
    expect((await page('AGB')).statusCode).toBe(200);
  });

  it('answers 404 for unknown and inactive pages, but shows inactive ones to editors', async () => {
    expect((await page('gibt-es-nicht')).statusCode).toBe(404);
    expect((await page('entwurf')).statusCode).toBe(404);
    expect((await page('entwurf', 'betreiber@demo.de')).statusCode).toBe(200);
  });

  it('answers 401 to visitors for pages that need a login', async () => {
    expect((await page('therapeuten-hinweise')).statusCode).toBe(401);
    expect((await page('firmenangebot')).statusCode).toBe(401);
  });

  it('applies role and company restrictions with 403', async () => {
    expect((await page('therapeuten-hinweise', 'patient@demo.de')).statusCode).toBe(403);
    expect((await page('therapeuten-hinweise', 'therapeut2@demo.de')).statusCode).toBe(200);
    expect((await page('firmenangebot', 'patient@demo.de')).statusCode).toBe(403);
    expect((await page('firmenangebot', 'firmenpatient@demo.de')).statusCode).toBe(200);
  });

  it('strips scripts, event handlers and javascript links from stored HTML', async () => {
    await t.db
      .update(pages)
      .set({ inhalt: '<p onclick="x()">Hallo</p><script>alert(1)</script><a href="javascript:alert(1)">Link</a>' })
      .where(eq(pages.url, 'neuigkeiten'));
    const html = (await page('neuigkeiten')).json().inhalt as string;
    expect(html).toContain('<p>Hallo</p>');
    expect(html).not.toMatch(/script|onclick|javascript/);
  });

  it('rejects a malformed url with 400', async () => {
    const response = await page('a%20b');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('unzulässige Zeichen');
  });

  it('answers unknown API paths with a German 404 envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: UNKNOWN_API_PATH });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/nicht gefunden/);
  });
});
