import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './jwt.ts';

const SECRET = 'unit-secret-unit-secret-unit-secret-0123';
const claims = { sub: 'patient@demo.de', role: 'PATIENT' as const, privileges: [17], userId: 4 };

afterEach(() => vi.useRealTimers());

describe('token service', () => {
  it('signs and verifies its own tokens', async () => {
    const tokens = createTokenService(SECRET, 60);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toMatchObject(claims);
    expect(await tokens.verify(token)).toMatchObject(claims);
  });

  it('refuses tokens of another secret and tampered tokens', async () => {
    const token = await createTokenService('another-secret-another-secret-another', 60).sign(claims);
    const tokens = createTokenService(SECRET, 60);
    expect(await tokens.verify(token)).toBeNull();
    const own = await tokens.sign(claims);
    const [header, , signature] = own.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, role: 'BETREIBER', exp: 9999999999 })).toString(
      'base64url',
    );
    expect(await tokens.verify(`${header}.${forgedPayload}.${signature}`)).toBeNull();
  });

  it('carries iat in seconds and iatMs in milliseconds; a given issuedAt sets both and the expiry', async () => {
    const tokens = createTokenService(SECRET, 60);
    const wholeSecond = Math.floor(Date.now() / 1000);
    const issuedAt = new Date(wholeSecond * 1000 + 789);
    const verified = await tokens.verify(await tokens.sign(claims, { issuedAt }));
    expect(verified).toMatchObject({ iat: wholeSecond, iatMs: issuedAt.getTime() });
    expect(verified?.exp).toBe(verified!.iat! + 60);
    const now = await tokens.verify(await tokens.sign(claims));
    expect(Math.abs(now!.iatMs! - Date.now())).toBeLessThan(5_000);
  });

  it('stops accepting a remembered token once it has expired', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T10:00:00Z'), toFake: ['Date'] });
    const tokens = createTokenService(SECRET, 60);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).not.toBeNull();
    vi.setSystemTime(new Date('2026-11-21T10:01:01Z'));
    expect(await tokens.verify(token)).toBeNull();
  });

  it('answers a verified token synchronously, and a token it has not checked yet not at all', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T10:00:00Z'), toFake: ['Date'] });
    const tokens = createTokenService(SECRET, 60);
    const token = await tokens.sign(claims);
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${payload}.${signature!.slice(1)}A`;
    expect(tokens.remembered(token)).toBeUndefined();
    expect(tokens.remembered(forged)).toBeUndefined();
    await tokens.verify(forged);
    // a refused token is not remembered: it is checked again each time
    expect(tokens.remembered(forged)).toBeUndefined();
    await tokens.verify(token);
    expect(tokens.remembered(token)).toMatchObject(claims);
    vi.setSystemTime(new Date('2026-11-21T10:01:01Z'));
    expect(tokens.remembered(token)).toBeNull();
  });

  describe('with previous secrets (JWT_SECRETS_PREVIOUS)', () => {
    const OLD = 'old-secret-old-secret-old-secret-0123456';

    it('accepts a token of a previous secret and signs new tokens with the current one only', async () => {
      const old = await createTokenService(OLD, 60).sign(claims);
      const tokens = createTokenService(SECRET, 60, [OLD]);
      expect(await tokens.verify(old)).toMatchObject(claims);
      const fresh = await tokens.sign(claims);
      expect(await createTokenService(SECRET, 60).verify(fresh)).toMatchObject(claims);
      expect(await createTokenService(OLD, 60).verify(fresh)).toBeNull();
      // once the old secret has left the list, its tokens are refused
      expect(await createTokenService(SECRET, 60).verify(old)).toBeNull();
    });

    it('refuses an expired token of a previous secret and a token of a secret in neither place', async () => {
      vi.useFakeTimers({ now: new Date('2026-11-21T10:00:00Z'), toFake: ['Date'] });
      const old = await createTokenService(OLD, 60).sign(claims);
      const stranger = await createTokenService('stranger-secret-stranger-secret-0123', 60).sign(claims);
      const tokens = createTokenService(SECRET, 60, [OLD]);
      expect(await tokens.verify(stranger)).toBeNull();
      vi.setSystemTime(new Date('2026-11-21T10:01:01Z'));
      expect(await tokens.verify(old)).toBeNull();
    });

    it('refuses a token tampered with after an old secret signed it', async () => {
      const old = await createTokenService(OLD, 60).sign(claims);
      const [header, , signature] = old.split('.');
      const forgedPayload = Buffer.from(JSON.stringify({ ...claims, role: 'BETREIBER', exp: 9999999999 })).toString(
        'base64url',
      );
      expect(await createTokenService(SECRET, 60, [OLD]).verify(`${header}.${forgedPayload}.${signature}`)).toBeNull();
    });
  });
});
