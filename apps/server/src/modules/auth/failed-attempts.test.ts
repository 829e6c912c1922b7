import { describe, expect, it } from 'vitest';
import { FailedAttemptMemory } from './failed-attempts.ts';

describe('FailedAttemptMemory', () => {
  it('recognises the same wrong password for the same account within the time to live', () => {
    let now = 0;
    const memory = new FailedAttemptMemory('secret', 10_000, () => now);
    memory.remember('a@demo.de', 'Falsch#1');
    expect(memory.alreadyCounted('a@demo.de', 'Falsch#1')).toBe(true);
    expect(memory.alreadyCounted('a@demo.de', 'Falsch#2')).toBe(false);
    expect(memory.alreadyCounted('b@demo.de', 'Falsch#1')).toBe(false);
    now = 10_001;
    expect(memory.alreadyCounted('a@demo.de', 'Falsch#1')).toBe(false);
  });
});
