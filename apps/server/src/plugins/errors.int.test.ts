import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthEndpoints } from '@dihs/contract/health';
import { zahlungEndpoints } from '@dihs/contract/zahlung';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { apiUrl, routePattern } from '@dihs/contract/common/endpoint';
import { feedbackEndpoints } from '@dihs/contract/feedback';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('error handler', () => {
  it('answers a value the database refuses as data (a NUL character) with 400, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiUrl(feedbackEndpoints.senden),
      payload: { email: 'paula\u0000@demo.de', feedback: 'Hallo' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/ungültig|unzulässig|nicht valide/i);
  });
});

describe('German answers for Fastify’s own errors', () => {
  const json = { 'content-type': 'application/json' };
  /** Every answer is the envelope, German, without the request's path or an English Fastify text. */
  function expectGerman(response: { statusCode: number; body: string }, status: number, message: string, path = '') {
    expect(response.statusCode).toBe(status);
    const body = JSON.parse(response.body) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['code', 'message']);
    expect(body.message).toBe(message);
    expect(response.body).not.toMatch(/FST_ERR|Bad Request|is not a valid|exceeding|statusCode/);
    if (path) expect(response.body).not.toContain(path);
  }

  it('a malformed URL', async () => {
    const url = routePattern(zahlungEndpoints.eine).replace(':id', '%E0%A4%A');
    expectGerman(await t.app.inject({ method: 'GET', url }), 400, 'Die Adresse ist ungültig.', '%E0');
  });

  it('a path parameter of 5,000 characters', async () => {
    const id = '7'.repeat(5000);
    expectGerman(
      await t.app.inject({ method: 'GET', url: apiUrl(zahlungEndpoints.eine, { params: { id } }) }),
      400,
      'Die Adresse ist zu lang.',
      '7777777777',
    );
  });

  it('an unknown route', async () => {
    expectGerman(
      await t.app.inject({ method: 'GET', url: `${routePattern(healthEndpoints.ping)}/unbekannt-xyz` }),
      404,
      'Die angeforderte Ressource wurde nicht gefunden.',
      'unbekannt-xyz',
    );
  });

  it('a content type no route reads', async () => {
    expectGerman(
      await t.app.inject({
        method: 'POST',
        url: apiUrl(feedbackEndpoints.senden),
        headers: { 'content-type': 'application/xml' },
        payload: '<a/>',
      }),
      415,
      'Dieses Format wird nicht unterstützt.',
    );
  });

  it('an invalid JSON body', async () => {
    expectGerman(
      await t.app.inject({
        method: 'POST',
        url: apiUrl(feedbackEndpoints.senden),
        headers: json,
        payload: '{"email":',
      }),
      400,
      'Die Anfrage muss gültiges JSON enthalten.',
    );
  });

  it('a body over the limit', async () => {
    const payload = JSON.stringify({ email: 'a@b.de', feedback: 'x'.repeat(1_100_000) });
    expectGerman(
      await t.app.inject({ method: 'POST', url: apiUrl(feedbackEndpoints.senden), headers: json, payload }),
      400,
      'Die Anfrage ist zu groß.',
    );
  });

  it('a body of the wrong type: zod’s type names in German', async () => {
    expectGerman(
      await t.app.inject({ method: 'POST', url: apiUrl(feedbackEndpoints.senden), headers: json, payload: '"Text"' }),
      400,
      'Ungültige Eingabe: erwartet Objekt, erhalten Text.',
    );
    const field = await t.app.inject({
      method: 'POST',
      url: apiUrl(feedbackEndpoints.senden),
      headers: json,
      payload: { email: 'paula@demo.de', feedback: [] },
    });
    expect(field.statusCode).toBe(400);
    expect(field.json<{ message: string }>().message).not.toMatch(/\b(string|array|object|number)\b/);
  });
});
