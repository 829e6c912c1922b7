import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { issueCode } from '../codes/index.ts';
import { feedbacks } from '../feedback/feedback.table.ts';
import { enqueueMail } from '../mail/index.ts';
import { documentation, profiles } from '../profil/profil.table.ts';
import { users } from '../users/users.table.ts';
import { deletionJobs } from './loeschung.table.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { authEndpoints } from '@dihs/contract/auth';
import { loeschungEndpoints } from '@dihs/contract/loeschung';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PERSONAL = {
  email: 'xaver.loeschmann@demo.de',
  vorname: 'Xaver',
  nachname: 'Löschmann',
  geburtsdatum: '1966-06-16',
};

/** A patient with data in every table that holds personal data today. */
async function patientWithData(): Promise<number> {
  const [user] = await t.db
    .insert(users)
    .values({ email: PERSONAL.email, passwordHash: 'x', role: 'PATIENT', emailConfirmed: true })
    .returning();
  const id = user!.id;
  await t.db.insert(profiles).values({
    userId: id,
    vorname: PERSONAL.vorname,
    nachname: PERSONAL.nachname,
    geburtsdatum: PERSONAL.geburtsdatum,
    ort: 'Xaverhausen',
    beschreibung: 'Xaver ruft lieber an',
  });
  const [therapist] = await t.db.select().from(users).where(eq(users.email, 'therapeut@demo.de'));
  await t.db
    .insert(documentation)
    .values({ patientUserId: id, autorUserId: therapist!.id, beitrag: 'Xaver Löschmann: Schulter besser' });
  await issueCode(t.db, { userId: id, purpose: 'EMAIL_AENDERN', newEmail: 'xaver.neu@demo.de' });
  await enqueueMail(t.db, { to: PERSONAL.email, subject: 'Hallo Xaver', text: 'Hallo Xaver Löschmann' });
  await t.db.insert(feedbacks).values({ email: PERSONAL.email, text: 'Xaver Löschmann: die Übungen helfen' });
  return id;
}

// Both drivers answer raw queries with { rows }; the shared Drizzle type leaves the result untyped.
const query = async <T>(statement: SQL): Promise<{ rows: T[] }> => {
  const result: unknown = await t.db.execute(statement);
  return result as { rows: T[] };
};

/**
 * Every row of every table whose text form contains the value. Binary columns are left out: their text form is hex,
 * in which no name can be found, and converting every stored file to hex made the scan take minutes on the
 * embedded database with the demo world's files.
 */
async function rowsContaining(value: string): Promise<string[]> {
  const columns = await query<{ table_name: string; column_name: string }>(
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type not in ('integer', 'boolean', 'bigint', 'smallint', 'bytea')`,
  );
  const hits: string[] = [];
  for (const { table_name, column_name } of columns.rows) {
    const result = await query<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text ilike ${`%${value}%`}`,
    );
    if ((result.rows[0]?.n ?? 0) > 0) hits.push(`${table_name}.${column_name}`);
  }
  return hits;
}

async function waitForJob(patientUserId: number) {
  for (let i = 0; i < 100; i++) {
    const [job] = await t.db.select().from(deletionJobs).where(eq(deletionJobs.patientUserId, patientUserId));
    if (job?.status === 'abgeschlossen') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('Löschung nicht abgeschlossen');
}

describe('permanent deletion of a patient', () => {
  it('removes name, e-mail and birth date from every table and keeps an anonymous account row', async () => {
    const id = await patientWithData();
    for (const value of Object.values(PERSONAL)) expect(await rowsContaining(value)).not.toEqual([]);
    const authorization = await t.bearer('betreiber@demo.de');

    const before = await t.app.inject({
      method: 'GET',
      url: apiUrl(loeschungEndpoints.istGeloescht, { params: { patientId: id } }),
      headers: { authorization },
    });
    expect(before.json()).toBe(false);
    const started = await t.app.inject({
      method: 'DELETE',
      url: apiUrl(loeschungEndpoints.loeschen, { params: { patientId: id } }),
      headers: { authorization },
    });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toBe('gestartet');
    await waitForJob(id);

    for (const value of [...Object.values(PERSONAL), 'Xaverhausen', 'xaver.neu@demo.de']) {
      expect(await rowsContaining(value), value).toEqual([]);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ active: false, secondFactorSecret: null });
    expect(row?.deletedAt).toBeInstanceOf(Date);

    const again = await t.app.inject({
      method: 'DELETE',
      url: apiUrl(loeschungEndpoints.loeschen, { params: { patientId: id } }),
      headers: { authorization },
    });
    expect(again.json()).toBe('abgeschlossen');
    const after = await t.app.inject({
      method: 'GET',
      url: apiUrl(loeschungEndpoints.istGeloescht, { params: { patientId: id } }),
      headers: { authorization },
    });
    expect(after.json()).toBe(true);
  });

  it('lets the deleted patient no longer log in', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: apiUrl(authEndpoints.anmelden),
      payload: { email: PERSONAL.email, password: 'Demo#2026' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('deletes only patients', async () => {
    const [therapist] = await t.db.select().from(users).where(eq(users.email, 'therapeut2@demo.de'));
    const response = await t.app.inject({
      method: 'DELETE',
      url: apiUrl(loeschungEndpoints.loeschen, { params: { patientId: therapist!.id } }),
      headers: { authorization: await t.bearer('betreiber@demo.de') },
    });
    expect(response.statusCode).toBe(400);
  });

  it.each(['patient@demo.de', 'therapeut@demo.de'])('is refused to %s', async (email) => {
    const [patient] = await t.db.select().from(users).where(eq(users.email, 'patient2@demo.de'));
    const response = await t.app.inject({
      method: 'DELETE',
      url: apiUrl(loeschungEndpoints.loeschen, { params: { patientId: patient!.id } }),
      headers: { authorization: await t.bearer(email) },
    });
    expect(response.statusCode).toBe(403);
  });

  it('is refused to visitors and rejects malformed ids', async () => {
    expect(
      (await t.app.inject({ method: 'DELETE', url: apiUrl(loeschungEndpoints.loeschen, { params: { patientId: 1 } }) }))
        .statusCode,
    ).toBe(401);
    const bad = await t.app.inject({
      method: 'GET',
      url: apiUrl(loeschungEndpoints.istGeloescht, { params: { patientId: 'abc' } }),
      headers: { authorization: await t.bearer('betreiber@demo.de') },
    });
    expect(bad.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'GET',
      url: apiUrl(loeschungEndpoints.istGeloescht, { params: { patientId: 999999 } }),
      headers: { authorization: await t.bearer('betreiber@demo.de') },
    });
    expect(missing.statusCode).toBe(404);
  });
});
