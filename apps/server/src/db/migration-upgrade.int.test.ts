import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../lib/paths.ts';
import { adminDatabaseUrl } from '../test/test-database.ts';

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

describe('upgrading a first-wave database', () => {
  const name = `dihs_test_upgrade_${process.pid}_${Date.now()}`;
  let admin: pg.Client;
  let pool: pg.Pool;
  let olderMigrations: string;

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
    olderMigrations = migrationsBefore('0023_ein-offener-warenkorb');
  });

  afterAll(async () => {
    await pool.end();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(olderMigrations, { recursive: true, force: true });
  });

  it('stops with instructions while a patient holds two open carts, and goes on once they are released', async () => {
    const db = drizzle(pool);
    await migrate(db, { migrationsFolder: olderMigrations });
    const {
      rows: [patient],
    } = await pool.query<{ id: number }>(
      `insert into benutzer (email, password_hash, rolle) values ('zwei-koerbe@example.de', 'x', 'PATIENT') returning id`,
    );
    const openCart = `insert into warenkorb (patient_user_id, created_by_user_id, created_at, expires_at)
                      values ($1, $1, now(), now() + interval '15 minutes')`;
    await pool.query(openCart, [patient!.id]);
    await pool.query(openCart, [patient!.id]);

    await expect(migrate(db, { migrationsFolder: migrationsDir() })).rejects.toThrow(
      /Update angehalten: Patienten haben mehrere offene Warenkörbe/,
    );

    // what the old release's cart job does when their time is up
    await pool.query(`update warenkorb set status = 'ABGELAUFEN', closed_at = now()`);
    await migrate(db, { migrationsFolder: migrationsDir() });
    const { rows } = await pool.query(`select 1 from pg_indexes where indexname = 'warenkorb_ein_offener'`);
    expect(rows).toHaveLength(1);
  });
});
