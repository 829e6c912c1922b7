import { randomBytes } from 'node:crypto';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRuntimeRole } from '../../db/runtime-role.ts';
import { openDatabase, type Database, type DatabaseHandle, type Transaction } from '../../db/client.ts';
import { adminDatabaseUrl, createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test/test-database.ts';
import { verifyChain, type ChainResult } from './protokoll-kette.ts';
import { anonymisePatient, deleteOlderThan, insertEntries } from './protokoll.repository.ts';
import { zugriffsprotokoll, zugriffsprotokollKette, type NewZugriffsprotokollRow } from './protokoll.table.ts';

/** Issue 31 item 2: the runtime role cannot bend the audit log; a change by a superuser breaks the chain. */

const entry = (n: number, patientUserId: number | null = 7): NewZugriffsprotokollRow => ({
  akteurUserId: 100 + n,
  akteurRolle: 'THERAPEUT',
  patientUserId,
  art: 'DOKUMENTATION',
  aktion: 'LESEN',
  datensatzId: n % 2 ? n : null,
  endpunkt: 'GET /api/dokumentation/:patientId',
  adresse: n % 3 ? `10.0.0.${n}` : null,
  ergebnis: 'ERLAUBT',
  status: 200,
});

async function admin(statement: string) {
  const c = new pg.Client({ connectionString: adminDatabaseUrl() });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

const role = `dihs_laufzeit_${randomBytes(5).toString('hex')}`;
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await insertEntries(t.handle.db, [entry(1), entry(2, null), entry(3)]);
  await insertEntries(t.handle.db, [entry(4)]);
});
afterAll(async () => {
  await t.drop();
  // the role holds grants in the test's database only: dropped with it
  if (testDatabaseKind() === 'postgres') await admin(`drop role if exists ${role}`);
});

const rowsById = (db: Database) => db.select().from(zugriffsprotokoll).orderBy(zugriffsprotokoll.id);

describe('the chain', () => {
  it('numbers and hashes every entry, whatever the insert carried, and verifies', async () => {
    await t.handle.db
      .insert(zugriffsprotokoll)
      .values({ ...entry(5), ketteNr: 1, kette: 'gefälscht', patientSiegel: 'x' });
    const rows = await rowsById(t.handle.db);
    expect(rows.map((row) => row.ketteNr)).toEqual([1, 2, 3, 4, 5]);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.kette))).toBe(true);
    expect(await verifyChain(t.handle.db)).toEqual({ intakt: true, eintraege: 5 });
  });

  it('chains inserts from many connections at once one after the other', async () => {
    await Promise.all(Array.from({ length: 12 }, (_, i) => insertEntries(t.handle.db, [entry(10 + i)])));
    expect(await verifyChain(t.handle.db)).toEqual({ intakt: true, eintraege: 17 });
  });

  it('keeps verifying after an erasure, which leaves no trace of the person', async () => {
    await t.handle.db.transaction((tx) => anonymisePatient(tx, 7));
    await t.handle.db.transaction((tx) => anonymisePatient(tx, 103));
    const rows = await rowsById(t.handle.db);
    expect(rows.some((row) => row.patientUserId === 7 || row.akteurUserId === 103)).toBe(false);
    const erased = rows.find((row) => row.ketteNr === 3)!;
    expect(erased).toMatchObject({ akteurUserId: null, adresse: null, patientUserId: null });
    expect(erased.akteurSiegel).toMatch(/^[0-9a-f]{64}$/);
    expect(await verifyChain(t.handle.db)).toEqual({ intakt: true, eintraege: 17 });
  });

  it("detects a superuser's change, a deletion and a removed tail, and names the entry in German", async () => {
    const db = t.handle.db;
    // the owner (here the superuser the tests connect as) with the maintenance flag passes the trigger
    const flagged = async (tx: Transaction, statement: ReturnType<typeof sql>) => {
      await tx.execute(sql`select set_config('dihs.protokoll_pflege', 'an', true)`);
      await tx.execute(statement);
    };
    /** Changes the log, verifies inside the same transaction and rolls the change back. */
    const afterChange = async (statement: ReturnType<typeof sql>): Promise<ChainResult> => {
      let result: ChainResult | undefined;
      await db
        .transaction(async (tx) => {
          await flagged(tx, statement);
          result = await verifyChain(tx);
          tx.rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof TransactionRollbackError)) throw error;
        });
      return result!;
    };

    const changed = await afterChange(sql`update zugriffsprotokoll set status = 403 where kette_nr = 2`);
    expect(changed).toMatchObject({ intakt: false, ketteNr: 2, eintraege: 1 });
    expect(changed.intakt || changed.meldung).toMatch(/^Eintrag Nr\. 2 \(id \d+, .*\): .*wurde verändert\.$/);
    expect(await afterChange(sql`update zugriffsprotokoll set akteur_user_id = 999 where kette_nr = 4`)).toMatchObject({
      intakt: false,
      ketteNr: 4,
    });
    const erasedLike = await afterChange(sql`update zugriffsprotokoll set patient_user_id = 8 where kette_nr = 2`);
    expect(erasedLike).toMatchObject({ intakt: false, ketteNr: 2 });
    const gap = await afterChange(sql`delete from zugriffsprotokoll where kette_nr = 5`);
    expect(gap).toMatchObject({ intakt: false, ketteNr: 6 });
    expect(gap.intakt || gap.meldung).toContain('erwartet war Nr. 5; die Einträge dazwischen fehlen');
    const tail = await afterChange(sql`delete from zugriffsprotokoll where kette_nr = 17`);
    expect(tail).toMatchObject({ intakt: false, eintraege: 16 });
    expect(tail.intakt || tail.meldung).toContain('die letzten Einträge fehlen');
    expect(await verifyChain(db)).toEqual({ intakt: true, eintraege: 17 });
  });
});

describe('retention', () => {
  it('deletes a prefix of the chain, keeps its anchor and the rest verifies', async () => {
    const fresh = await createTestDatabase();
    try {
      await insertEntries(fresh.handle.db, [entry(1), entry(2)]);
      await insertEntries(fresh.handle.db, [entry(3)]);
      expect(await deleteOlderThan(fresh.handle.db, new Date(Date.now() + 60_000))).toBe(3);
      expect(await verifyChain(fresh.handle.db)).toEqual({ intakt: true, eintraege: 0 });
      await insertEntries(fresh.handle.db, [entry(4), entry(5)]);
      expect(await verifyChain(fresh.handle.db)).toEqual({ intakt: true, eintraege: 2 });
      const rows = await rowsById(fresh.handle.db);
      expect(rows.map((row) => row.ketteNr)).toEqual([4, 5]);
      expect(await fresh.handle.db.select().from(zugriffsprotokollKette)).toEqual(
        expect.arrayContaining([expect.objectContaining({ stelle: 'anfang', nr: 3 })]),
      );
    } finally {
      await fresh.drop();
    }
  });
});

describe.skipIf(testDatabaseKind() === 'pglite')('a runtime role of its own (PostgreSQL)', () => {
  let runtime: DatabaseHandle;
  let client: pg.Client;

  beforeAll(async () => {
    await admin(`create role ${role} login password '${randomBytes(12).toString('hex')}'`);
    const url = new URL(t.url!);
    url.username = role;
    runtime = await openDatabase({ databaseUrl: url.toString(), dataDir: '/nonexistent', poolSize: 2 });
    expect(await grantRuntimeRole(t.handle.db, runtime.db)).toBe(role);
    client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await runtime.close();
  });

  /** Runs the statements in one transaction as the runtime role and answers the SQLSTATE it failed with. */
  async function refusal(...statements: string[]): Promise<string | undefined> {
    await client.query('begin');
    try {
      for (const statement of statements) await client.query(statement);
      return undefined;
    } catch (error) {
      return (error as { code?: string }).code;
    } finally {
      await client.query('rollback');
    }
  }

  it('appends, reads and erases through the application', async () => {
    await insertEntries(runtime.db, [entry(30)]);
    await runtime.db.transaction((tx) => anonymisePatient(tx, 130));
    expect((await rowsById(runtime.db)).length).toBeGreaterThan(0);
    expect(await verifyChain(runtime.db)).toEqual({ intakt: true, eintraege: 18 });
  });

  it('cannot alter an entry in any way', async () => {
    const before = await rowsById(t.handle.db);
    const flag = "select set_config('dihs.protokoll_pflege', 'an', true)";
    const attempts: Record<string, string[]> = {
      'flag and UPDATE': [flag, 'update zugriffsprotokoll set status = 500'],
      'flag and DELETE': [flag, 'delete from zugriffsprotokoll'],
      UPDATE: ['update zugriffsprotokoll set akteur_user_id = 1'],
      DELETE: ['delete from zugriffsprotokoll where kette_nr = 1'],
      TRUNCATE: ['truncate zugriffsprotokoll'],
      'disable the triggers': ['alter table zugriffsprotokoll disable trigger all'],
      'disable one trigger': ['alter table zugriffsprotokoll disable trigger zugriffsprotokoll_nur_anfuegen'],
      'drop the trigger': ['drop trigger zugriffsprotokoll_nur_anfuegen on zugriffsprotokoll'],
      'replace the trigger function': [
        'create or replace function zugriffsprotokoll_nur_anfuegen() returns trigger language plpgsql as $$ begin return new; end $$',
      ],
      'take the ownership': [`alter table zugriffsprotokoll owner to ${role}`],
      'drop the table': ['drop table zugriffsprotokoll'],
      'triggers off by replication role': ['set session_replication_role = replica'],
      "the owner's retention": ["select zugriffsprotokoll_aufbewahren(now() + interval '1 day')"],
      "move the chain's ends": ["update zugriffsprotokoll_kette set nr = 0, hash = ''"],
      "empty the chain's ends": ['delete from zugriffsprotokoll_kette'],
      'grant itself the rights': [`select dihs_laufzeitrechte('${role}')`],
      'become the owner': [`set role postgres`],
    };
    const answers: Record<string, string | undefined> = {};
    for (const [name, statements] of Object.entries(attempts)) answers[name] = await refusal(...statements);
    expect(answers).toEqual(Object.fromEntries(Object.keys(attempts).map((name) => [name, '42501'])));
    expect(await rowsById(t.handle.db)).toEqual(before);
    expect(await verifyChain(runtime.db)).toEqual({ intakt: true, eintraege: 18 });
  });

  it("is refused as the runtime role when it holds the owner's rights", async () => {
    await expect(grantRuntimeRole(t.handle.db, t.handle.db)).rejects.toThrow();
  });
});
