import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { nullableAsKeyword } from './nullable-keyword.ts';

const row = z.object({
  titel: z.string().nullable(),
  anzahl: z.number().int().nullable(),
  am: z.iso.datetime().nullable(),
  heute: z.object({ erledigt: z.boolean(), schmerz: z.number().int().nullable() }).nullable(),
  art: z.enum(['A', 'B']).nullable(),
  liste: z.array(z.object({ tag: z.string(), wert: z.number().nullable() })).nullable(),
  wahl: z.union([z.string(), z.object({ n: z.number() })]).nullable(),
});
const answer = z.object({ zeilen: z.array(row), gesamt: z.number() });
const jsonSchema = () => z.toJSONSchema(answer, { io: 'output', target: 'draft-7' });
type Schema = Parameters<typeof fastJson>[0];

const full = {
  titel: 'Übung "eins"',
  anzahl: 3,
  am: '2026-11-24T10:00:00.000Z',
  heute: { erledigt: true, schmerz: 4 },
  art: 'B',
  liste: [{ tag: '2026-11-24', wert: null }],
  wahl: { n: 7 },
};
const empty = { titel: null, anzahl: null, am: null, heute: null, art: null, liste: null, wahl: null };
const partly = { ...full, heute: { erledigt: false, schmerz: null }, wahl: 'x' };

describe('nullable anyOf as the nullable keyword', () => {
  it('writes the same JSON as the anyOf schema, values and nulls alike', () => {
    const withAnyOf = fastJson(jsonSchema() as Schema);
    const withKeyword = fastJson(nullableAsKeyword(jsonSchema()) as Schema);
    const value = { zeilen: [full, empty, partly], gesamt: 3 };
    expect(withKeyword(value)).toBe(withAnyOf(value));
    expect(JSON.parse(withKeyword(value))).toEqual(value);
  });

  it('leaves an anyOf that is more than a value or null (a union) as it is, and takes nothing else away', () => {
    const converted = JSON.stringify(nullableAsKeyword(jsonSchema()));
    // only the union of a text and an object keeps its anyOfs: the nullable wrapper around it, and the union itself
    expect(converted.match(/"anyOf"/g)).toHaveLength(2);
    // titel and wert come as a type list (["string","null"]) already; the others: anzahl, am, heute, schmerz, art, liste
    expect(converted.match(/"nullable":true/g)).toHaveLength(6);
    expect(converted).toContain('"format":"date-time"');
    expect(converted).toContain('"enum":["A","B"]');
  });
});
