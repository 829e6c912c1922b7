import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionClaims } from '@dihs/contract/auth';
import { createSessionGate, type GateAccount } from './session-gate.ts';

const NOW = new Date('2026-11-24T10:00:00Z');
const claims: SessionClaims = {
  sub: 'therapeut@demo.de',
  role: 'THERAPEUT',
  privileges: [],
  userId: 7,
  jti: 'token-1',
  iat: NOW.getTime() / 1000,
  iatMs: NOW.getTime(),
  exp: NOW.getTime() / 1000 + 3600,
};
const account: GateAccount = {
  email: 'therapeut@demo.de',
  role: 'THERAPEUT',
  privileges: [3],
  active: true,
  lockedAt: null,
  deletedAt: null,
  sessionsValidFrom: null,
  secondFactorSecret: null,
};

afterEach(() => vi.useRealTimers());

/** A gate remembering accounts for 5 s, with the number of database reads it made. */
function gateOn(stored: GateAccount | undefined) {
  const reads = { count: 0 };
  const gate = createSessionGate(
    async () => {
      reads.count++;
      return stored;
    },
    { cacheSeconds: 5, tokenTtlSeconds: 3600 },
  );
  return { gate, reads };
}

describe('session gate without a promise (admitRemembered)', () => {
  it('answers only once the account was read, with the same session as admit, until the state is forgotten', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const { gate, reads } = gateOn(account);
    expect(gate.admitRemembered(claims)).toBeUndefined();

    const admitted = await gate.admit(claims);
    expect(admitted).toMatchObject({ userId: 7, privileges: [3] });
    expect(gate.admitRemembered(claims)).toEqual(admitted);
    expect(await gate.admit(claims)).toEqual(admitted);
    expect(reads.count).toBe(1);

    vi.setSystemTime(new Date(NOW.getTime() + 5_001));
    expect(gate.admitRemembered(claims)).toBeUndefined();
  });

  it('refuses at once what an event revoked, and a token issued before an announced "valid from"', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const { gate } = gateOn(account);
    await gate.admit(claims);
    gate.apply({ kind: 'token', jti: 'token-1', expMs: NOW.getTime() + 3_600_000 });
    expect(gate.admitRemembered(claims)).toBeNull();

    const other = { ...claims, jti: 'token-2' };
    expect(await gate.admit(other)).not.toBeNull();
    gate.apply({ kind: 'account', userId: 7, validFromMs: NOW.getTime() + 1 });
    // the event drops the remembered state, and the announced time refuses the older token without a read
    expect(gate.admitRemembered(other)).toBeNull();
  });

  it('remembers a refusal too: an account that is gone is refused without a read each time', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const { gate, reads } = gateOn(undefined);
    expect(await gate.admit(claims)).toBeNull();
    expect(gate.admitRemembered(claims)).toBeNull();
    expect(reads.count).toBe(1);
  });
});

describe('second-factor set-up duty (issue 31 item 5)', () => {
  const operator: GateAccount = { ...account, email: 'betreiber@demo.de', role: 'BETREIBER' };
  const operatorClaims: SessionClaims = { ...claims, sub: 'betreiber@demo.de', role: 'BETREIBER' };
  const gateWith = (stored: GateAccount, requireSecondFactorRoles: SessionClaims['role'][]) =>
    createSessionGate(async () => stored, { cacheSeconds: 0, tokenTtlSeconds: 3600, requireSecondFactorRoles });

  it('keeps the token’s duty on a gate without one, and after the account has a factor', async () => {
    const held = { ...operatorClaims, zweiterFaktorEinrichten: true as const };
    expect(await gateWith(operator, []).admit(held)).toMatchObject({ zweiterFaktorEinrichten: true });
    const withFactor = { ...operator, secondFactorSecret: 'sealed' };
    expect(await gateWith(withFactor, []).admit(held)).toMatchObject({ zweiterFaktorEinrichten: true });
    expect(await gateWith(withFactor, ['BETREIBER']).admit(held)).toMatchObject({ zweiterFaktorEinrichten: true });
  });

  it('holds a token without the claim by the gate’s own duty on the account as it is now', async () => {
    expect(await gateWith(operator, ['BETREIBER']).admit(operatorClaims)).toMatchObject({
      zweiterFaktorEinrichten: true,
    });
    expect((await gateWith(operator, []).admit(operatorClaims))?.zweiterFaktorEinrichten).toBeUndefined();
    const withFactor = { ...operator, secondFactorSecret: 'sealed' };
    expect((await gateWith(withFactor, ['BETREIBER']).admit(operatorClaims))?.zweiterFaktorEinrichten).toBeUndefined();
  });
});
