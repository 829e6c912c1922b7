import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { users } from '../users/users.table.ts';
import { consumeCode, issueCode } from './codes.service.ts';
import { oneTimeCodes } from './codes.table.ts';

let database: TestDatabase;
let userId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  const [user] = await database.handle.db
    .insert(users)
    .values({ email: 'code@demo.de', passwordHash: 'x', role: 'PATIENT' })
    .returning();
  userId = user!.id;
});
afterAll(() => database.drop());

describe('one-time codes', () => {
  it('are long random strings stored only as a hash, and work once', async () => {
    const db = database.handle.db;
    const code = await issueCode(db, { userId, purpose: 'PASSWORT_RESET' });
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await db.select().from(oneTimeCodes);
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(await consumeCode(db, 'EMAIL_BESTAETIGEN', code)).toBeNull();
    expect(await consumeCode(db, 'PASSWORT_RESET', code)).toEqual({ userId, newEmail: null });
    expect(await consumeCode(db, 'PASSWORT_RESET', code)).toBeNull();
  });

  it('expire', async () => {
    const code = await issueCode(database.handle.db, { userId, purpose: 'EMAIL_BESTAETIGEN', ttlHours: -1 });
    expect(await consumeCode(database.handle.db, 'EMAIL_BESTAETIGEN', code)).toBeNull();
  });

  it('replace earlier unused codes of the same purpose, and carry the new address of an e-mail change', async () => {
    const db = database.handle.db;
    const first = await issueCode(db, { userId, purpose: 'EMAIL_AENDERN', newEmail: 'neu@demo.de' });
    const second = await issueCode(db, { userId, purpose: 'EMAIL_AENDERN', newEmail: 'neuer@demo.de' });
    expect(await consumeCode(db, 'EMAIL_AENDERN', first)).toBeNull();
    expect(await consumeCode(db, 'EMAIL_AENDERN', second)).toEqual({ userId, newEmail: 'neuer@demo.de' });
  });

  it('cannot be used twice by parallel requests', async () => {
    const db = database.handle.db;
    const code = await issueCode(db, { userId, purpose: 'PASSWORT_SETZEN' });
    const results = await Promise.all([1, 2, 3].map(() => consumeCode(db, 'PASSWORT_SETZEN', code)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
