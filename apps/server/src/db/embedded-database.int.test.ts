import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auskunftEndpoints } from '@dihs/contract/auskunft';
import { ERROR_CODES } from '@dihs/contract/common/errors';
import { MESSAGES } from '@dihs/contract/common/messages';
import { healthEndpoints } from '@dihs/contract/health';
import { profilEndpoints } from '@dihs/contract/profil';
import { rezeptEndpoints, type Rezept } from '@dihs/contract/rezept';
import { injectEndpoint } from '../test/inject-endpoint.ts';
import { uploadRezept } from '../test/rezept-upload.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { testDatabaseKind } from '../test/test-database.ts';
import { findUserByEmail } from '../modules/users/index.ts';
import { openDatabase } from './client.ts';
import { DatabaseBusyError, databaseBusyCause } from './database-busy.ts';
import { openPglite } from './pglite.ts';
import { NestedDatabaseAccessError, insideOpenTransaction } from './transaction-scope.ts';

// Issue 29: on the embedded database (one connection) a query on the root handle inside a transaction of the same
// request waited forever, and every other request with it. This file runs on both databases (the projects
// integration and integration-embedded): the nesting is refused loudly on both, the staff actions that froze the
// embedded start answer, and a request that cannot get the database within DATABASE_WAIT_SECONDS is answered 503.

const lines: string[] = [];
const logStream = { write: (line: string) => void lines.push(line) };

let t: TestApp;
let operator: string;
let patient: string;
let patientId: number;
beforeAll(async () => {
  t = await createTestApp({ DATABASE_WAIT_SECONDS: '1', DATABASE_POOL_SIZE: '3', LOG_LEVEL: 'warn' }, { logStream });
  [operator, patient] = await Promise.all([t.bearer('betreiber@demo.de'), t.bearer('patient@demo.de')]);
  patientId = (await findUserByEmail(t.db, 'patient@demo.de'))!.id;
});
afterAll(() => t?.close());

/** The rows of a raw statement (node-postgres and PGlite both answer { rows }). */
const rowsOf = async (query: Promise<unknown>) => ((await query) as { rows: unknown[] }).rows;

async function uploadedRezept(): Promise<Rezept> {
  const response = await uploadRezept(t.app, patient, {
    pdfBody: Buffer.from('1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>'),
    filename: 'rezept.pdf',
    description: 'Test',
  });
  expect(response.statusCode).toBe(200);
  return response.json<Rezept>();
}

const gutschrift = (id: number, einzel: number) =>
  injectEndpoint(t.app, rezeptEndpoints.gutschrift, {
    authorization: operator,
    params: { id },
    body: { rezeptEinzelTermin: einzel, rezeptGruppenTermin: 0, rezeptBefundTermin: 0 },
  });

describe('a query on the root handle inside an open transaction', () => {
  it('is refused at once, naming where it was sent and where the transaction began, and rolls back', async () => {
    const marker = `verschachtelt-${Date.now()}`;
    const attempt = t.db.transaction(async (tx) => {
      expect(insideOpenTransaction()).toBe(true);
      await tx.execute(sql`create temporary table if not exists nest_probe (text text)`);
      await tx.execute(sql`insert into nest_probe values (${marker})`);
      await t.db.execute(sql`select 1`);
    });
    const error = await attempt.then(
      () => null,
      (e: unknown) => e,
    );
    const nested = (error as { cause?: unknown })?.cause ?? error;
    expect(nested).toBeInstanceOf(NestedDatabaseAccessError);
    expect((nested as Error).message).toMatch(/embedded-database\.int\.test\.ts:\d+/);
    expect((nested as Error).message).toContain('Transaktion begonnen in');
    expect(insideOpenTransaction()).toBe(false);
    const left = rowsOf(t.db.execute(sql`select count(*)::int as n from pg_tables where tablename = 'nest_probe'`));
    expect(await left).toEqual([{ n: 0 }]);
  });

  it('refuses a second transaction on the root handle too; savepoints on the transaction work', async () => {
    await expect(
      t.db.transaction(async () => {
        await t.db.transaction(async () => undefined);
      }),
    ).rejects.toBeInstanceOf(NestedDatabaseAccessError);
    const answer = await t.db.transaction(async (tx) =>
      tx.transaction((inner) => rowsOf(inner.execute(sql`select 7 as n`))),
    );
    expect(answer).toEqual([{ n: 7 }]);
  });

  it('leaves other requests alone: their queries wait their turn and are not refused', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const holding = t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await released;
    });
    // another async context (a request running meanwhile) is not inside the transaction
    const other = rowsOf(t.db.execute(sql`select 2 as n`));
    setTimeout(release, 50);
    await holding;
    expect(await other).toEqual([{ n: 2 }]);
  });
});

describe.runIf(testDatabaseKind() === 'pglite')('the same nesting on a server (no guard)', () => {
  it('ends in the wait limit: the transaction rolls back with DatabaseBusyError, and the database answers again', async () => {
    const handle = await openDatabase({ dataDir: '/nonexistent', pglite: await openPglite(undefined), waitSeconds: 1 });
    try {
      const nested = handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await handle.db.execute(sql`select 2`);
      });
      const error = await nested.then(
        () => null,
        (e: unknown) => e,
      );
      expect(databaseBusyCause(error)).toBeInstanceOf(DatabaseBusyError);
      expect(await rowsOf(handle.db.execute(sql`select 3 as n`))).toEqual([{ n: 3 }]);
    } finally {
      await handle.close();
    }
  }, 30_000);
});

describe('staff actions on patient records (they froze the embedded start)', () => {
  it('sets a prescription’s credit and status as an operator, and the patient’s export answers', async () => {
    const rezept = await uploadedRezept();
    const credit = await gutschrift(rezept.id, 6);
    expect(credit.statusCode).toBe(200);
    const status = await injectEndpoint(t.app, rezeptEndpoints.abgerechnet, {
      authorization: operator,
      params: { id: rezept.id },
    });
    expect(status.statusCode).toBe(200);
    const exported = await injectEndpoint(t.app, auskunftEndpoints.herunterladen, { authorization: patient });
    expect(exported.statusCode).toBe(200);
    expect(JSON.stringify(exported.json())).toContain('rezept.pdf');
    expect((await injectEndpoint(t.app, healthEndpoints.health)).statusCode).toBe(200);
  });

  it('runs two staff actions and the patient’s export at once', async () => {
    const [first, second] = [await uploadedRezept(), await uploadedRezept()];
    const answers = await Promise.all([
      gutschrift(first.id, 2),
      gutschrift(second.id, 3),
      injectEndpoint(t.app, profilEndpoints.bemerkung, {
        authorization: operator,
        params: { patientId },
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        payload: 'Rückruf vereinbart',
      }),
      injectEndpoint(t.app, auskunftEndpoints.herunterladen, { authorization: patient }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
  });
});

describe('a database that does not answer in time', () => {
  /** Holds every connection (the embedded database has one; the test pool three) until released. */
  function occupyEveryConnection() {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const connections = testDatabaseKind() === 'pglite' ? 1 : 3;
    let started = 0;
    const holders = Array.from({ length: connections }, () =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        started++;
        await released;
      }),
    );
    return {
      ready: async () => {
        while (started < connections) await new Promise((resolve) => setTimeout(resolve, 10));
      },
      release: async () => {
        release();
        await Promise.all(holders);
      },
    };
  }

  it('answers 503 in German after DATABASE_WAIT_SECONDS, logs what it waited for, and writes nothing', async () => {
    const rezept = await uploadedRezept();
    const occupied = occupyEveryConnection();
    await occupied.ready();
    lines.length = 0;
    const started = Date.now();
    let answer;
    try {
      answer = await gutschrift(rezept.id, 5);
    } finally {
      await occupied.release();
    }
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ message: MESSAGES.datenbankUeberlastet, code: ERROR_CODES.databaseBusy });
    expect(answer.headers['retry-after']).toBe('60');
    expect(Date.now() - started).toBeLessThan(10_000);
    const warning = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((l) => l.level === 40);
    expect(warning).toMatchObject({
      msg: 'Datenbank hat nicht rechtzeitig geantwortet',
      endpunkt: 'POST /api/rezepte/guthaben/:id',
    });
    expect(String(warning?.wartetAuf)).not.toBe('');
    // nothing was written: the credit is still unset, and the same call goes through now
    const mine = await injectEndpoint(t.app, rezeptEndpoints.eigene, { authorization: patient });
    const stored = mine.json<Rezept[]>().find((r) => r.id === rezept.id);
    expect(stored?.gutschrift.rezeptEinzelTermin).toBe(0);
    expect((await gutschrift(rezept.id, 5)).statusCode).toBe(200);
  });

  it('answers the readiness probe 503 within its own limit instead of hanging', async () => {
    const occupied = occupyEveryConnection();
    await occupied.ready();
    const started = Date.now();
    let answer;
    try {
      answer = await injectEndpoint(t.app, healthEndpoints.health);
    } finally {
      await occupied.release();
    }
    expect(answer.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await injectEndpoint(t.app, healthEndpoints.health)).statusCode).toBe(200);
  });
});
