import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionClaims } from '@dihs/contract/auth';
import { createSessionActivity, type StoredActivity } from './session-activity.ts';
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

describe('session gate without a promise (decideRemembered)', () => {
  it('answers only once the account was read, with the same session as admit, until the state is forgotten', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const { gate, reads } = gateOn(account);
    expect(gate.decideRemembered(claims)).toBeUndefined();

    const admitted = await gate.admit(claims);
    expect(admitted).toMatchObject({ userId: 7, privileges: [3] });
    expect(gate.decideRemembered(claims)).toEqual({ session: admitted });
    expect(await gate.admit(claims)).toEqual(admitted);
    expect(reads.count).toBe(1);

    vi.setSystemTime(new Date(NOW.getTime() + 5_001));
    expect(gate.decideRemembered(claims)).toBeUndefined();
  });

  it('refuses at once what an event revoked, and a token issued before an announced "valid from"', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const { gate } = gateOn(account);
    await gate.admit(claims);
    gate.apply({ kind: 'token', jti: 'token-1', expMs: NOW.getTime() + 3_600_000 });
    expect(gate.decideRemembered(claims)).toEqual({ refused: 'ungueltig' });

    const other = { ...claims, jti: 'token-2' };
    expect(await gate.admit(other)).not.toBeNull();
    gate.apply({ kind: 'account', userId: 7, validFromMs: NOW.getTime() + 1 });
    // the event drops the remembered state, and the announced time refuses the older token without a read
    expect(gate.decideRemembered(other)).toEqual({ refused: 'ungueltig' });
  });

  it('remembers a refusal too: an account that is gone is refused without a read each time', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const { gate, reads } = gateOn(undefined);
    expect(await gate.admit(claims)).toBeNull();
    expect(gate.decideRemembered(claims)).toEqual({ refused: 'ungueltig' });
    expect(reads.count).toBe(1);
  });

  it('tells a locked and a deactivated account from other refusals', async () => {
    const decide = (stored: GateAccount) =>
      createSessionGate(async () => stored, { cacheSeconds: 0, tokenTtlSeconds: 3600 }).decide(claims);
    expect(await decide({ ...account, lockedAt: NOW })).toEqual({ refused: 'gesperrt' });
    expect(await decide({ ...account, active: false })).toEqual({ refused: 'deaktiviert' });
    expect(await decide({ ...account, deletedAt: NOW, lockedAt: NOW })).toEqual({ refused: 'ungueltig' });
    expect(await decide({ ...account, email: 'neu@demo.de' })).toEqual({ refused: 'ungueltig' });
  });
});

describe('idle sessions (issue 31 item 6)', () => {
  const MINUTE = 60_000;
  /** A gate with the activity check on a movable clock; staff idle after 30 minutes, patients after 60. */
  function idleGate(stored: StoredActivity | undefined) {
    const clock = { now: NOW.getTime() };
    const loads = { count: 0 };
    const activity = createSessionActivity({
      idleSeconds: { THERAPEUT: 1800, BETREIBER: 1800, PATIENT: 3600 },
      load: async () => {
        loads.count++;
        return stored;
      },
      store: async () => undefined,
      now: () => clock.now,
    });
    const gate = createSessionGate(async () => account, { cacheSeconds: 3600, tokenTtlSeconds: 3600, activity });
    return { gate, clock, loads };
  }
  const withSid = { ...claims, sid: 'sitzung-1' };

  it('admits a session within its idle time, then decides without a read while it stays in use', async () => {
    const { gate, clock, loads } = idleGate({ lastActivity: new Date(NOW.getTime() - 29 * MINUTE), endedAt: null });
    expect(await gate.decide(withSid)).toMatchObject({ session: { sid: 'sitzung-1' } });
    clock.now += 29 * MINUTE;
    expect(gate.decideRemembered(withSid)).toMatchObject({ session: { sid: 'sitzung-1' } });
    expect(loads.count).toBe(1);
  });

  it('refuses a session silent past its idle time, by the role’s limit', async () => {
    const stored = { lastActivity: new Date(NOW.getTime() - 31 * MINUTE), endedAt: null };
    expect(await idleGate(stored).gate.decide(withSid)).toEqual({ refused: 'inaktiv' });
    const patient = { ...withSid, role: 'PATIENT' as const };
    const { gate } = idleGate(stored);
    expect(await gate.decide(patient)).toMatchObject({ session: { sid: 'sitzung-1' } });
  });

  it('asks the stored session again once this instance’s memory is past the idle time', async () => {
    const stored = { lastActivity: NOW, endedAt: null };
    const { gate, clock, loads } = idleGate(stored);
    await gate.decide(withSid);
    clock.now += 31 * MINUTE;
    expect(gate.decideRemembered(withSid)).toBeUndefined();
    expect(await gate.decide(withSid)).toEqual({ refused: 'inaktiv' });
    // another instance wrote a later activity meanwhile: the session goes on
    stored.lastActivity = new Date(clock.now - MINUTE);
    expect(await gate.decide(withSid)).toMatchObject({ session: { sid: 'sitzung-1' } });
    expect(loads.count).toBe(3);
  });

  it('refuses a token without a stored running session', async () => {
    expect(await idleGate(undefined).gate.decide(withSid)).toEqual({ refused: 'ungueltig' });
    expect(await idleGate({ lastActivity: NOW, endedAt: NOW }).gate.decide(withSid)).toEqual({ refused: 'ungueltig' });
    expect(await idleGate({ lastActivity: NOW, endedAt: null }).gate.decide(claims)).toEqual({ refused: 'ungueltig' });
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
