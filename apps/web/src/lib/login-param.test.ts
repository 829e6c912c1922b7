import { describe, expect, it } from 'vitest';
import { searchWithLogin, searchWithoutLogin } from './login-param.ts';

describe('login parameter', () => {
  it('adds a bare login parameter, keeping the others', () => {
    expect(searchWithLogin('')).toBe('?login');
    expect(searchWithLogin('?id=3')).toBe('?id=3&login');
    expect(searchWithLogin('?login')).toBe('?login');
  });

  it('removes only the login parameter', () => {
    expect(searchWithoutLogin('?login')).toBe('');
    expect(searchWithoutLogin('?id=3&login=')).toBe('?id=3');
  });
});
