import { describe, expect, it } from 'vitest';
import { RateWindow } from '../../lib/rate-window.ts';
import { FAILED_ATTEMPT_MEMORY_MS, FailedAttemptMemory } from './failed-attempts.ts';

describe('FailedAttemptMemory', () => {
  it('counts the same wrong password for the same account once within the window', async () => {
    let now = 0;
    const memory = new FailedAttemptMemory('secret', new RateWindow(1, FAILED_ATTEMPT_MEMORY_MS, () => now));
    expect(await memory.firstSeen('a@demo.de', 'Falsch#1')).toBe(true);
    expect(await memory.firstSeen('a@demo.de', 'Falsch#1')).toBe(false);
    expect(await memory.firstSeen('a@demo.de', 'Falsch#2')).toBe(true);
    expect(await memory.firstSeen('b@demo.de', 'Falsch#1')).toBe(true);
    now = FAILED_ATTEMPT_MEMORY_MS + 1;
    expect(await memory.firstSeen('a@demo.de', 'Falsch#1')).toBe(true);
  });

  it('hands the counter a keyed hash of the password, never the password', async () => {
    const keys: string[] = [];
    const counter = {
      hit: (key: string) => {
        keys.push(key);
        return Promise.resolve(true);
      },
    };
    await new FailedAttemptMemory('secret', counter).firstSeen('a@demo.de', 'Falsch#1');
    await new FailedAttemptMemory('other secret', counter).firstSeen('a@demo.de', 'Falsch#1');
    expect(keys).toHaveLength(2);
    expect(keys.join()).not.toContain('Falsch#1');
    expect(keys[0]).not.toBe(keys[1]);
  });
});
