import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('error handler', () => {
  it('answers a value the database refuses as data (a NUL character) with 400, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: { email: 'paula\u0000@demo.de', feedback: 'Hallo' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/ungültig|unzulässig|nicht valide/i);
  });
});
