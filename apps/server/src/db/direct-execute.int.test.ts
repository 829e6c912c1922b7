import { DrizzleQueryError, eq, lte, sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { users } from '../modules/users/users.table.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { withDirectExecute } from './direct-execute.ts';
import { withCompiledRows } from './row-mapper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

/** A table of this test's own (its database is the test's). */
const probe = pgTable('direkt_probe', { id: integer('id').primaryKey() });

interface Statement {
  execute: (values?: Record<string, unknown>) => Promise<unknown>;
}

/** The same statement twice under two names: one left to Drizzle's execute, one run directly. */
function pair(build: (name: string) => unknown): { drizzle: Statement; direct: Statement } {
  const suffix = Math.random().toString(36).slice(2, 8);
  const drizzle = withCompiledRows(build(`direkt_vergleich_d_${suffix}`)) as Statement;
  const direct = withDirectExecute(withCompiledRows(build(`direkt_vergleich_x_${suffix}`))) as Statement;
  expect(direct.execute).not.toBe(drizzle.execute);
  return { drizzle, direct };
}

describe('direct execute of prepared node-postgres statements', () => {
  it('answers what Drizzle answers: mapped rows, placeholders with and without the column’s encoder', async () => {
    const { drizzle, direct } = pair((name) =>
      t.db
        .select({ id: users.id, email: users.email, createdAt: users.createdAt, fixed: sql<number>`41 + 1` })
        .from(users)
        // lte() on a timestamp column wraps the placeholder in the column's encoder; the role is a bare placeholder
        .where(sql`${lte(users.createdAt, sql.placeholder('bis'))} and ${users.role} = ${sql.placeholder('rolle')}`)
        .orderBy(users.id)
        .prepare(name),
    );
    const values = { bis: new Date(Date.now() + 60_000), rolle: 'PATIENT' };
    const expected = await drizzle.execute(values);
    expect((expected as unknown[]).length).toBeGreaterThan(0);
    expect((expected as { createdAt: unknown }[])[0]!.createdAt).toBeInstanceOf(Date);
    expect(await direct.execute(values)).toStrictEqual(expected);
    await expect(direct.execute({ bis: values.bis })).rejects.toThrow('No value for placeholder "rolle"');
  });

  it('answers the driver’s result for a statement without selected fields, and wraps failures as Drizzle does', async () => {
    await t.db.execute(sql`create table direkt_probe (id integer primary key)`);
    const { direct } = pair((name) =>
      t.db
        .insert(probe)
        .values({ id: sql.placeholder('id') })
        .prepare(name),
    );
    const result = (await direct.execute({ id: 7 })) as { rowCount: number };
    expect(result.rowCount).toBe(1);
    expect(await t.db.select().from(probe).where(eq(probe.id, 7))).toEqual([{ id: 7 }]);
    const again = await direct.execute({ id: 7 }).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(DrizzleQueryError);
    expect(isUniqueViolation(again)).toBe(true);
  });
});
