import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';

/** The server to create test databases on: TEST_DATABASE_URL, else the local PostgreSQL. */
export const adminDatabaseUrl = (): string =>
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function templateDatabase(): string | undefined {
  try {
    return inject('templateDatabase');
  } catch {
    // not inside a Vitest worker with the global set-up (a script using this file)
    return undefined;
  }
}

/** A fresh, migrated PostgreSQL database for one test file; drop() removes it. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `dihs_test_${randomBytes(6).toString('hex')}`;
  // the integration project's global set-up migrated a template once (template-database.ts); elsewhere: migrate here
  const template = templateDatabase();
  await adminQuery(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(adminDatabaseUrl());
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: '/nonexistent' });
  if (!template) await handle.migrate();
  return {
    url: url.toString(),
    handle,
    async drop() {
      await handle.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}
