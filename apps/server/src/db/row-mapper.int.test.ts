import * as drizzle from 'drizzle-orm';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { terminTeilnahmen, termine } from '../modules/termin/termin.table.ts';
import { persons } from '../modules/profil/index.ts';
import { users } from '../modules/users/users.table.ts';
import { compileRowMapper } from './row-mapper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

/** Drizzle's own row mapping: exported by the package, though not in its types. */
const { mapResultRow } = drizzle as unknown as {
  mapResultRow: (
    fields: unknown,
    row: unknown[],
    joinsNotNullableMap?: Record<string, boolean>,
  ) => Record<string, unknown>;
};

interface Prepared {
  fields: Parameters<typeof compileRowMapper>[0];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
  execute(): Promise<unknown>;
}

/** The statement's rows as the driver gives them (arrays), and what Drizzle and the compiled mapper make of them. */
async function bothMappings(statement: Prepared) {
  statement.customResultMapper = (rows) => rows;
  const raw = (await statement.execute()) as unknown[][];
  const byDrizzle = raw.map((row) => mapResultRow(statement.fields, row, statement.joinsNotNullableMap));
  const compiled = compileRowMapper(statement.fields, statement.joinsNotNullableMap)!(raw);
  return { raw, byDrizzle, compiled };
}

describe('compiled row mapper', () => {
  it('maps rows exactly as Drizzle does: nested objects, decoders, left joins that missed', async () => {
    const therapist = persons('therapeut_person');
    const idOf = async (email: string) =>
      (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
    const patientId = await idOf('patient@demo.de');
    const therapeutUserId = await idOf('therapeut@demo.de');
    const [termin] = await t.db
      .insert(termine)
      .values(
        [0, 1].map((i) => ({
          datum: new Date(Date.UTC(2027, 0, 4 + i, 9)),
          dauer: 30,
          termintyp: 'GRUPPE' as const,
          befund: 'Abbildung',
          details: 'x',
          therapeutUserId,
          maxTeilnehmer: 4,
          status: 'AKTIV' as const,
        })),
      )
      .returning({ id: termine.id });
    await t.db
      .insert(terminTeilnahmen)
      .values({ terminId: termin!.id, patientUserId: patientId, status: 'GEBUCHT', zahlungsart: 'GUTHABEN' });

    const statement = t.db
      .select({
        termin: termine,
        seat: { status: terminTeilnahmen.status, teilgenommen: terminTeilnahmen.teilgenommen },
        vorname: therapist.vorname,
        count: sql<number>`count(*) over ()`.mapWith(Number),
        json: sql<[number, string]>`json_build_array(${termine.id}, ${termine.befund})`,
      })
      .from(termine)
      .leftJoin(terminTeilnahmen, eq(terminTeilnahmen.terminId, termine.id))
      .leftJoin(therapist, eq(therapist.userId, termine.therapeutUserId))
      .where(eq(termine.befund, 'Abbildung'))
      .orderBy(termine.datum)
      .prepare('row_mapper_vergleich') as unknown as Prepared;

    const { byDrizzle, compiled } = await bothMappings(statement);
    expect(byDrizzle).toHaveLength(2);
    // a seat and a missed join (null, not an object of nulls), a date, a decoded count, a JSON value
    expect(byDrizzle[0]!.seat).toEqual({ status: 'GEBUCHT', teilgenommen: false });
    expect(byDrizzle[1]!.seat).toBeNull();
    expect((byDrizzle[0]!.termin as { datum: Date }).datum).toEqual(new Date(Date.UTC(2027, 0, 4, 9)));
    expect(byDrizzle[0]!.count).toBe(2);
    expect(compiled).toStrictEqual(byDrizzle);
    expect(Object.keys(compiled[0]!)).toEqual(Object.keys(byDrizzle[0]!));
    expect(Object.keys(compiled[0]!.termin as object)).toEqual(Object.keys(byDrizzle[0]!.termin as object));
  });

  it('keeps Drizzle’s mapping for a shape it does not cover (a path deeper than two)', () => {
    expect(compileRowMapper([{ path: ['a', 'b', 'c'], field: termine.id }], undefined)).toBeUndefined();
  });
});
