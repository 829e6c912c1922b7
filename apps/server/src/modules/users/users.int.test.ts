import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/user/locked/list', () => {
  const call = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/api/user/locked/list', headers: authorization ? { authorization } : {} });

  it('needs a login', async () => {
    expect((await call()).statusCode).toBe(401);
  });

  it.each(['patient@demo.de', 'therapeut@demo.de'])('is refused to %s', async (email) => {
    const response = await call(await t.bearer(email));
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/nicht berechtigt/);
  });

  it('answers an operator with BENUTZER_VERWALTEN', async () => {
    const response = await call(await t.bearer('betreiber@demo.de'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});
