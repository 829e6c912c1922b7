import { describe, expect, it } from 'vitest';
import { makeToken } from '../test/tokens.ts';
import { sessionClaimsSchema } from '@dihs/contract/auth';
import { PRIVILEGES } from '@dihs/contract/common/roles';
import {
  decodeSessionToken,
  readSessionClaims,
  expiryTimerDelay,
  isExpired,
  millisecondsUntilExpiry,
  readJwtPayload,
} from './session.ts';

describe('decodeSessionToken', () => {
  it('reads the claims of a token', async () => {
    const token = makeToken({
      sub: 'betreiber@demo.de',
      role: 'BETREIBER',
      privileges: [1, 5],
      userId: 3,
      exp: 2_000_000_000,
    });
    expect(decodeSessionToken(token)).toEqual({
      sub: 'betreiber@demo.de',
      role: 'BETREIBER',
      privileges: [1, 5],
      userId: 3,
      exp: 2_000_000_000,
    });
  });

  it('decodes UTF-8 in the payload', async () => {
    const session = decodeSessionToken(makeToken({ sub: 'jürgen.müller@demo.de' }));
    expect(session?.sub).toBe('jürgen.müller@demo.de');
  });

  it('refuses claims that break the contract', async () => {
    expect(decodeSessionToken(makeToken({ role: 'ADMIN' as never }))).toBeNull();
    expect(decodeSessionToken(makeToken({ privileges: [99] }))).toBeNull();
  });

  it('refuses anything that is not a JWT', async () => {
    expect(decodeSessionToken('kein-token')).toBeNull();
    expect(decodeSessionToken('a.%%%.c')).toBeNull();
    expect(readJwtPayload('a.bm9qc29u.c')).toBeNull();
  });
});

describe('readSessionClaims', () => {
  const valid = { sub: 'patient@demo.de', role: 'PATIENT', privileges: [0, 3], userId: 7, exp: 2_000_000_000 };
  // every claim of the contract, each broken in the ways a hand-written check could miss
  const payloads: unknown[] = [
    valid,
    { ...valid, iat: 1_900_000_000, iatMs: 1_900_000_000_123, jti: 'a'.repeat(64), zweiterFaktorEinrichten: true },
    { ...valid, unbekannt: 'wird verworfen' },
    { ...valid, privileges: [] },
    null,
    [],
    'text',
    42,
    {},
    { ...valid, sub: 5 },
    { ...valid, sub: undefined },
    { ...valid, role: 'patient' },
    { ...valid, role: undefined },
    { ...valid, privileges: [-1] },
    { ...valid, privileges: [PRIVILEGES.length - 1] },
    { ...valid, privileges: [PRIVILEGES.length] },
    { ...valid, privileges: [1.5] },
    { ...valid, privileges: ['1'] },
    { ...valid, privileges: 3 },
    { ...valid, privileges: undefined },
    { ...valid, userId: 0 },
    { ...valid, userId: -3 },
    { ...valid, userId: 2.5 },
    { ...valid, userId: '7' },
    { ...valid, exp: 1.5 },
    { ...valid, exp: Number.MAX_SAFE_INTEGER + 2 },
    { ...valid, exp: null },
    { ...valid, iat: '1' },
    { ...valid, iatMs: 0.5 },
    { ...valid, jti: 'a'.repeat(65) },
    { ...valid, jti: 1 },
    { ...valid, zweiterFaktorEinrichten: false },
  ];

  it.each(payloads.map((payload) => [JSON.stringify(payload), payload]))(
    'gives the same verdict and claims as the contract’s schema: %s',
    (_, payload) => {
      const parsed = sessionClaimsSchema.safeParse(payload);
      expect(readSessionClaims(payload)).toEqual(parsed.success ? parsed.data : null);
    },
  );
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
