import { routePattern } from '@dihs/contract/common/endpoint';
import { ALL_ENDPOINTS } from '@dihs/contract/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { firmaEndpoints } from '@dihs/contract/firma';
import { openApiPath } from '../test/inject-endpoint.ts';

/** Routes of libraries, not of the contract: the OpenAPI viewer. */
const isLibraryRoute = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

describe('endpoint declarations and server routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('binds every /api route to a declaration of the contract', () => {
    const undeclared = t.app.routeCatalog
      .filter((entry) => entry.url.startsWith('/api') && !isLibraryRoute(entry.url) && !entry.endpoint)
      .map((entry) => `${entry.method} ${entry.url}`);
    expect(undeclared).toEqual([]);
  });

  it('gives every declaration a handler with its method and path', () => {
    const registered = new Set(t.app.routeCatalog.map((entry) => `${entry.method} ${entry.url}`));
    const missing = Object.entries(ALL_ENDPOINTS).flatMap(([module, endpoints]) =>
      Object.entries(endpoints)
        .filter(([, declaration]) => !registered.has(`${declaration.method} ${routePattern(declaration)}`))
        .map(([name, declaration]) => `${module}.${name}: ${declaration.method} ${declaration.path}`),
    );
    expect(missing).toEqual([]);
  });

  it('declares each method and path once', () => {
    const keys = Object.values(ALL_ENDPOINTS).flatMap((endpoints) =>
      Object.values(endpoints).map((declaration) => `${declaration.method} ${declaration.path}`),
    );
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('lists the declared routes in the OpenAPI description', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toContain(openApiPath(firmaEndpoints.einePatient));
  });
});
