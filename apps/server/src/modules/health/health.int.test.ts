import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { authEndpoints } from '@dihs/contract/auth';
import { healthEndpoints } from '@dihs/contract/health';
import { navigationEndpoints } from '@dihs/contract/navigation';
import { inhaltEndpoints } from '@dihs/contract/inhalt';
import { openApiPath } from '../../test/inject-endpoint.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('reports the server and the database as ok', async () => {
    const response = await t.app.inject({ method: 'GET', url: apiUrl(healthEndpoints.health) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('sends a strict content security policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: apiUrl(healthEndpoints.health) });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('describes the API as OpenAPI', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths as object)).toEqual(
      expect.arrayContaining([
        apiUrl(authEndpoints.anmelden),
        apiUrl(navigationEndpoints.baum),
        openApiPath(inhaltEndpoints.seite),
      ]),
    );
  });
});
