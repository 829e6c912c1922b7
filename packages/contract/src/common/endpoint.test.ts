import { describe, expect, it } from 'vitest';
import { apiUrl, endpoint, fillPath, LOGIN, pathParamNames, queryString } from './endpoint.ts';

describe('endpoint paths', () => {
  it('fills parameters URI-encoded and refuses a missing one', () => {
    expect(fillPath('/a/:id/b/:name', { id: 7, name: 'x y/z' })).toBe('/a/7/b/x%20y%2Fz');
    expect(() => fillPath('/a/:id', {})).toThrow('Pfadparameter id fehlt');
    expect(pathParamNames('/a/:id/b/:name')).toEqual(['id', 'name']);
  });

  it('writes a query string with repeated keys and without empty values', () => {
    expect(queryString({ a: 1, b: [2, 3], c: undefined, d: null, e: 'ä' })).toBe('?a=1&b=2&b=3&e=%C3%A4');
    expect(queryString({})).toBe('');
  });

  it('builds the full address under /api', () => {
    const declaration = endpoint({ method: 'GET', path: '/x/:id', summary: 's', tag: 't', access: LOGIN });
    expect(apiUrl(declaration, { params: { id: 3 }, query: { seite: 2 } })).toBe('/api/x/3?seite=2');
  });
});
