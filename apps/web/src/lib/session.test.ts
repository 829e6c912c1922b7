import { describe, expect, it } from 'vitest';
import { makeToken } from '../test/tokens.ts';
import { decodeSessionToken, expiryTimerDelay, isExpired, millisecondsUntilExpiry, readJwtPayload } from './session.ts';

describe('decodeSessionToken', () => {
  it('reads the claims of a token', async () => {
    const token = makeToken({
      sub: 'betreiber@demo.de',
      role: 'BETREIBER',
      privileges: [1, 5],
      userId: 3,
      exp: 2_000_000_000,
    });
    await expect(decodeSessionToken(token)).resolves.toEqual({
      sub: 'betreiber@demo.de',
      role: 'BETREIBER',
      privileges: [1, 5],
      userId: 3,
      exp: 2_000_000_000,
    });
  });

  it('decodes UTF-8 in the payload', async () => {
    const session = await decodeSessionToken(makeToken({ sub: 'jürgen.müller@demo.de' }));
    expect(session?.sub).toBe('jürgen.müller@demo.de');
  });

  it('refuses claims that break the contract', async () => {
    await expect(decodeSessionToken(makeToken({ role: 'ADMIN' as never }))).resolves.toBeNull();
    await expect(decodeSessionToken(makeToken({ privileges: [99] }))).resolves.toBeNull();
  });

  it('refuses anything that is not a JWT', async () => {
    await expect(decodeSessionToken('kein-token')).resolves.toBeNull();
    await expect(decodeSessionToken('a.%%%.c')).resolves.toBeNull();
    expect(readJwtPayload('a.bm9qc29u.c')).toBeNull();
  });
});

describe('expiry', () => {
  const now = 1_700_000_000_000;

  it('counts the milliseconds until exp, which is in seconds', () => {
    expect(millisecondsUntilExpiry({ exp: now / 1000 + 90 }, now)).toBe(90_000);
    expect(isExpired({ exp: now / 1000 + 1 }, now)).toBe(false);
    expect(isExpired({ exp: now / 1000 }, now)).toBe(true);
  });

  it('never asks setTimeout for a negative or overflowing delay', () => {
    expect(expiryTimerDelay({ exp: now / 1000 - 60 }, now)).toBe(0);
    expect(expiryTimerDelay({ exp: now / 1000 + 60 * 60 * 24 * 365 }, now)).toBe(2_147_483_647);
  });
});
