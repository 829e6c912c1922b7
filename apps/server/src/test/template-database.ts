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
 * Built under a temporary name and renamed when complete, so a run that dies half-way leaves no broken template.
 * Templates of other migration states are dropped once unused for a day: another checkout on this machine (a second
 * branch, a colleague's run) may be copying its own template right now, and dropping it would fail that run.
 */
export default async function setup(project: TestProject): Promise<void> {
  const template = `dihs_tpl_${migrationsFingerprint()}`;
  const existing = await admin(async (client) => {
    const { rows } = await client.query<{ datname: string; stamp: string | null }>(
      `select datname, shobj_description(oid, 'pg_database') as stamp from pg_database
       where datname like 'dihs\\_tpl\\_%'`,
    );
    return rows;
  });
  if (!existing.some((row) => row.datname === template)) {
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
    // the template in use is stamped on every run; the others go once their stamp is a day old (or missing)
    await client.query(`comment on database ${template} is '${new Date().toISOString()}'`);
    const dayAgo = Date.now() - 24 * 3600_000;
    const unused = existing.filter((row) => row.datname !== template && !(row.stamp && Date.parse(row.stamp) > dayAgo));
    for (const old of unused.map((row) => row.datname)) {
      await client.query(`alter database ${old} with is_template false`).catch(() => undefined);
      await client.query(`drop database if exists ${old} with (force)`).catch(() => undefined);
    }
  });
  project.provide('templateDatabase', template);
}
