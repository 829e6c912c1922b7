import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './zod-locale.ts';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('gültig');
  return result.error.issues[0]!.message;
};

describe('German zod messages', () => {
  it.each([
    [z.object({}), 'Text', 'Ungültige Eingabe: erwartet Objekt, erhalten Text.'],
    [z.string(), 5, 'Ungültige Eingabe: erwartet Text, erhalten Zahl.'],
    [z.number(), 'x', 'Ungültige Eingabe: erwartet Zahl, erhalten Text.'],
    [z.boolean(), [], 'Ungültige Eingabe: erwartet Wahrheitswert, erhalten Liste.'],
    [z.array(z.string()), {}, 'Ungültige Eingabe: erwartet Liste, erhalten Objekt.'],
    [z.object({}), null, 'Ungültige Eingabe: erwartet Objekt, erhalten leerer Wert (null).'],
    [z.number(), Number.NaN, 'Ungültige Eingabe: erwartet Zahl, erhalten keine Zahl.'],
    [z.string(), undefined, 'Pflichtangabe fehlt: erwartet Text.'],
    [z.string().max(3), 'abcd', 'Zu lang: höchstens 3 Zeichen.'],
    [z.string().min(2), 'a', 'Zu kurz: mindestens 2 Zeichen.'],
    [z.array(z.number()).max(1), [1, 2], 'Zu viele Elemente: höchstens 1.'],
    [z.number().max(10), 11, 'Zu groß: höchstens 10.'],
    [z.number().gt(0), 0, 'Zu klein: mehr als 0.'],
  ])('%s with %j: %s', (schema, value, expected) => {
    expect(messageOf(schema, value)).toBe(expected);
  });

  it('leaves no English type name in any type message', () => {
    const english = /\b(object|string|number|boolean|array|undefined|bigint)\b/;
    const samples: [z.ZodType, unknown][] = [
      [z.object({ a: z.string() }), 'x'],
      [z.object({ a: z.string() }), { a: 1 }],
      [z.record(z.string(), z.number()), { a: 'x' }],
      [z.tuple([z.string()]), 'x'],
      [z.bigint(), 1],
      [z.date(), 'x'],
      [z.enum(['A', 'B']), 'C'],
    ];
    for (const [schema, value] of samples) {
      const result = schema.safeParse(value);
      expect(result.success).toBe(false);
      for (const issue of result.success ? [] : result.error.issues) expect(issue.message).not.toMatch(english);
    }
  });

  it('keeps the own message of a rule', () => {
    expect(messageOf(z.string({ message: 'Bitte einen Namen angeben.' }), 5)).toBe('Bitte einen Namen angeben.');
  });
});
