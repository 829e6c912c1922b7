import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { migrationsDir } from '../lib/paths.ts';
import { adminDatabaseUrl } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database every integration test file's database is copied from. */
    templateDatabase: string;
  }
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Names the migrations' content: a changed or added migration gives a new template. */
function migrationsFingerprint(): string {
  const dir = migrationsDir();
  const hash = createHash('sha256');
  for (const name of readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()) {
    hash.update(name).update(readFileSync(path.join(dir, name)));
  }
  hash.update(readFileSync(path.join(dir, 'meta', '_journal.json')));
  return hash.digest('hex').slice(0, 12);
}

/**
 * Vitest global set-up of the integration project: migrates one template database per migration state, once, so
 * each test file copies it (CREATE DATABASE … TEMPLATE, a file copy) instead of running every migration again.
 * Built under a temporary name and renamed when complete, so a run that dies half-way leaves no broken template;
 * templates of older migration states are dropped.
 */
export default async function setup(project: TestProject): Promise<void> {
  const template = `dihs_tpl_${migrationsFingerprint()}`;
  const existing = await admin(async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like 'dihs\\_tpl\\_%'",
    );
    return rows.map((row) => row.datname);
  });
  if (!existing.includes(template)) {
    const building = `dihs_tplbuild_${randomBytes(6).toString('hex')}`;
    await admin((client) => client.query(`create database ${building}`));
    const url = new URL(adminDatabaseUrl());
    url.pathname = `/${building}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: '/nonexistent' });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
    await admin(async (client) => {
      try {
        await client.query(`alter database ${building} rename to ${template}`);
        await client.query(`alter database ${template} with is_template true`);
      } catch (error) {
        // a parallel run finished the same template first: ours is not needed
        await client.query(`drop database if exists ${building}`);
        if (!(await client.query('select 1 from pg_database where datname = $1', [template])).rowCount) throw error;
      }
    });
  }
  await admin(async (client) => {
    for (const old of existing.filter((name) => name !== template)) {
      await client.query(`alter database ${old} with is_template false`).catch(() => undefined);
      await client.query(`drop database if exists ${old} with (force)`).catch(() => undefined);
    }
  });
  project.provide('templateDatabase', template);
}
