import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../lib/paths.ts';
import { adminDatabaseUrl } from '../test/test-database.ts';
import { appendAuditEntries, verifyChain } from '../modules/protokoll/index.ts';
import type { Database } from './client.ts';

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** A copy of the migrations folder whose journal ends before the migration `tag`: the schema of an older release. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'dihs-migrations-'));
  cpSync(migrationsDir(), dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as Journal;
  const end = journal.entries.findIndex((entry) => entry.tag === tag);
  if (end < 0) throw new Error(`Migration ${tag} fehlt`);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, end) }));
  return dir;
}

/**
 * A fresh database of the calling describe block and the migrations before `tag`, made before its tests and dropped
 * after them; `pool()` and `olderMigrations()` read them inside the tests.
 */
function olderDatabase(prefix: string, tag: string) {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  let admin: pg.Client;
  let pool: pg.Pool;
  let older: string;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminDatabaseUrl() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminDatabaseUrl());
    url.pathname = `/${name}`;
    pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
    // pool.end() resolves before its connection has closed: the forced drop at the end can still reach that
    // connection, which then reports "terminating connection" (57P01) on the pool, unhandled without a listener
    pool.on('error', (error) => {
      if ((error as { code?: string }).code !== '57P01') throw error;
    });
    older = migrationsBefore(tag);
  });

  afterAll(async () => {
    await pool.end();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(older, { recursive: true, force: true });
  });

  return { pool: () => pool, olderMigrations: () => older };
}

describe('upgrading a first-wave database', () => {
  const { pool, olderMigrations } = olderDatabase('dihs_test_upgrade', '0023_ein-offener-warenkorb');

  it('stops with instructions while a patient holds two open carts, and goes on once they are released', async () => {
    const db = drizzle(pool());
    await migrate(db, { migrationsFolder: olderMigrations() });
    const {
      rows: [patient],
    } = await pool().query<{ id: number }>(
      `insert into benutzer (email, password_hash, rolle) values ('zwei-koerbe@example.de', 'x', 'PATIENT') returning id`,
    );
    const openCart = `insert into warenkorb (patient_user_id, created_by_user_id, created_at, expires_at)
                      values ($1, $1, now(), now() + interval '15 minutes')`;
    await pool().query(openCart, [patient!.id]);
    await pool().query(openCart, [patient!.id]);

    await expect(migrate(db, { migrationsFolder: migrationsDir() })).rejects.toThrow(
      /Update angehalten: Patienten haben mehrere offene Warenkörbe/,
    );

    // what the old release's cart job does when their time is up
    await pool().query(`update warenkorb set status = 'ABGELAUFEN', closed_at = now()`);
    await migrate(db, { migrationsFolder: migrationsDir() });
    const { rows } = await pool().query(`select 1 from pg_indexes where indexname = 'warenkorb_ein_offener'`);
    expect(rows).toHaveLength(1);
  });
});

describe('upgrading an audit log to the hash chain (issue 31 item 2)', () => {
  const { pool, olderMigrations } = olderDatabase('dihs_test_kette', '0029_protokoll-kette');

  it('chains the existing entries, anonymised ones included, and goes on chaining', async () => {
    const db = drizzle(pool());
    const app = db as unknown as Database;
    await migrate(db, { migrationsFolder: olderMigrations() });
    await pool().query(
      `insert into zugriffsprotokoll (akteur_user_id, akteur_rolle, patient_user_id, art, aktion, endpunkt, adresse,
         ergebnis, status, zeitpunkt)
       values (5, 'THERAPEUT', 7, 'PROFIL', 'LESEN', 'GET /api/x', '10.0.0.1', 'ERLAUBT', 200, now() - interval '1 day'),
              (null, 'PATIENT', null, 'PROFIL', 'LESEN', 'GET /api/x', null, 'ERLAUBT', 200, now()),
              (5, 'THERAPEUT', null, 'REZEPT', 'SCHREIBEN', 'POST /api/y', null, 'VERWEIGERT', 403, now())`,
    );
    await migrate(db, { migrationsFolder: migrationsDir() });
    expect(await verifyChain(app)).toEqual({ intakt: true, eintraege: 3 });
    await appendAuditEntries(app, [
      {
        akteurRolle: 'BETREIBER',
        art: 'PROFIL',
        aktion: 'LESEN',
        endpunkt: 'GET /api/z',
        ergebnis: 'ERLAUBT',
        status: 200,
      },
    ]);
    expect(await verifyChain(app)).toEqual({ intakt: true, eintraege: 4 });
  });
});
