import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthEndpoints } from '@dihs/contract/health';
import { zahlungEndpoints } from '@dihs/contract/zahlung';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { API_PREFIX, apiUrl, routePattern } from '@dihs/contract/common/endpoint';
import { feedbackEndpoints } from '@dihs/contract/feedback';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('caching of API answers', () => {
  it('marks a JSON answer no-store', async () => {
    const response = await t.app.inject({ method: 'GET', url: apiUrl(healthEndpoints.health) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('marks an error answer no-store', async () => {
    const response = await t.app.inject({ method: 'GET', url: apiUrl(zahlungEndpoints.neueste) });
    expect(response.statusCode).toBe(401);
    expect(response.headers['cache-control']).toBe('no-store');
    const invalid = await t.app.inject({
      method: 'POST',
      url: apiUrl(feedbackEndpoints.senden),
      payload: '"x"',
      headers: { 'content-type': 'application/json' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['cache-control']).toBe('no-store');
  });

  it('marks a 404 and a malformed address under /api no-store', async () => {
    const unknown = `${routePattern(healthEndpoints.ping)}/gibt-es-nicht`;
    for (const url of [unknown, routePattern(zahlungEndpoints.eine).replace(':id', '%E0%A4%A')]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('security headers', () => {
  it('sets the same headers on an answer, an error and a 404, computed once', async () => {
    const urls = [apiUrl(healthEndpoints.ping), apiUrl(zahlungEndpoints.neueste), `${API_PREFIX}/gibt-es-nicht`];
    const answers = await Promise.all(urls.map((url) => t.app.inject({ method: 'GET', url })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 404]);
    // ping is written by its schema (schemaSerializer), not by zod: the same answer
    expect(answers[0]?.json()).toEqual({ status: 'ok' });
    expect(answers[0]?.headers['content-type']).toBe('application/json; charset=utf-8');
    for (const answer of answers) {
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(answer.headers['content-security-policy']).toContain("object-src 'none'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(answer.headers['x-frame-options']).toBeUndefined();
    }
  });
});
