import { describe, expect, it } from 'vitest';
import {
  emailRule,
  idField,
  idParam,
  MAX_ID,
  nachnameRule,
  pflichtDatumRule,
  passwortMitWiederholungRule,
  passwortRule,
  plzRule,
  secondFactorCodeRule,
  vornameRule,
  wholeNumberField,
} from './rules.ts';
import { z } from 'zod';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('password rule (spec 1, section 5)', () => {
  it('accepts 8–40 characters with upper, lower, digit and a listed special character', () => {
    for (const ok of ['Demo#2026', 'Abcdefg1 ', 'aB3-aaaa', 'Ää1%xxxx'])
      expect(passwortRule.safeParse(ok).success).toBe(true);
  });

  it.each([
    ['Ab1#', 'Das Passwort muss zwischen 8 und 40 Zeichen haben.'],
    ['A'.repeat(38) + 'b1#', 'Das Passwort muss zwischen 8 und 40 Zeichen haben.'],
    ['abcdefg1#', 'Das Passwort muss einen Großbuchstaben beinhalten.'],
    ['ABCDEFG1#', 'Das Passwort muss einen Kleinbuchstaben beinhalten.'],
    ['Abcdefgh#', 'Das Passwort muss eine Zahl beinhalten.'],
    ['Abcdefgh1', 'Das Passwort muss ein Sonderzeichen beinhalten.'],
    ['Abcdefg1+', 'Das Passwort muss ein Sonderzeichen beinhalten.'],
  ])('rejects %s with its message', (value, message) => {
    expect(messages(passwortRule.safeParse(value))).toContain(message);
  });

  it('puts the repeat mismatch on the repeat field', () => {
    const result = passwortMitWiederholungRule.safeParse({ passwort: 'Demo#2026', passwortWiederholen: 'Demo#2027' });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['passwortWiederholen'],
      message: 'Die Passwörter stimmen nicht überein.',
    });
  });
});

describe('name and address rules', () => {
  it('allows umlauts, ß, hyphen and space in names and refuses digits', () => {
    expect(vornameRule.safeParse('Anna-Lena Müßig').success).toBe(true);
    expect(messages(vornameRule.safeParse('Anna1'))).toEqual(['Vorname enthält unzulässige Zeichen.']);
    expect(messages(vornameRule.safeParse(''))).toEqual(['Vorname darf nicht leer sein.']);
    expect(messages(vornameRule.safeParse('a'.repeat(31)))).toEqual(['Maximale Länge beachten']);
    expect(messages(nachnameRule.safeParse('O$car'))).toEqual(['Nachname enthält unzulässige Zeichen.']);
  });

  it('allows only digits in the postcode', () => {
    expect(plzRule.safeParse('12345').success).toBe(true);
    expect(messages(plzRule.safeParse('12a45'))).toEqual(['PLZ enthält unzulässige Zeichen.']);
  });
});

describe('e-mail rule', () => {
  it('lower-cases and trims a valid address', () => {
    expect(emailRule.parse('  Patient@Demo.DE ')).toBe('patient@demo.de');
  });

  it.each([
    ['', 'E-Mail darf nicht leer sein.'],
    ['ohne-at', 'E-Mail ist nicht valide.'],
    ['@demo.de', 'E-Mail ist nicht valide.'],
  ])('rejects %j', (value, message) => {
    expect(messages(emailRule.safeParse(value))).toContain(message);
  });
});

describe('second-factor code rule', () => {
  it('accepts empty or exactly six characters', () => {
    expect(secondFactorCodeRule.safeParse('').success).toBe(true);
    expect(secondFactorCodeRule.safeParse('123456').success).toBe(true);
    expect(messages(secondFactorCodeRule.safeParse('12345'))).toEqual(['Der Code muss 6 Zeichen lang sein.']);
  });
});

describe('required names are trimmed before the emptiness check', () => {
  it('refuses a name of only spaces and stores a name without its outer spaces', () => {
    expect(messages(vornameRule.safeParse('   '))).toEqual(['Vorname darf nicht leer sein.']);
    expect(messages(nachnameRule.safeParse(' \t '))).toEqual(['Nachname darf nicht leer sein.']);
    expect(messages(pflichtDatumRule.safeParse('  '))).toEqual(['Das Datum darf nicht leer sein.']);
    expect(vornameRule.parse('  Anna Maria ')).toBe('Anna Maria');
  });
});

describe('idParam: decimal ids only', () => {
  const id = idParam('Ungültige Termin-ID.');
  it('reads decimal digits and numbers a caller passes', () => {
    expect(id.parse('42')).toBe(42);
    expect(id.parse('007')).toBe(7);
    expect(id.parse(42)).toBe(42);
    expect(id.parse(String(MAX_ID))).toBe(MAX_ID);
  });
  it('refuses hex, exponents, signs, spaces, fractions, empty text, zero and values beyond an id', () => {
    for (const bad of ['0x7ffffff0', '1e3', '+5', '-5', ' 7', '7 ', '1.0', '', '0', String(MAX_ID + 1), '9'.repeat(30)])
      expect(messages(id.safeParse(bad)), bad).toEqual(['Ungültige Termin-ID.']);
    for (const bad of [true, null, [], {}, 1.5, -1, Number.NaN, 1e21])
      expect(messages(id.safeParse(bad)), JSON.stringify(bad)).toEqual(['Ungültige Termin-ID.']);
  });
});

describe('idField: ids in JSON bodies', () => {
  it('takes JSON numbers only', () => {
    expect(idField().parse(3)).toBe(3);
    for (const bad of ['3', true, null, 0, 2.5]) expect(messages(idField().safeParse(bad))).toEqual(['Ungültige ID.']);
  });
});

describe('wholeNumberField: numbers in JSON bodies', () => {
  const field = wholeNumberField('leer', 'Bereich', z.number().int('Bereich').min(1, 'Bereich').max(50, 'Bereich'));
  it('takes a JSON number or its decimal digits as text', () => {
    expect(field.parse(5)).toBe(5);
    expect(field.parse('12')).toBe(12);
    expect(field.parse(' 12 ')).toBe(12);
  });
  it('turns no boolean, null or other text into a number', () => {
    for (const bad of [true, false, null, undefined, [], {}]) expect(messages(field.safeParse(bad))).toEqual(['leer']);
    expect(messages(field.safeParse(''))).toEqual(['leer']);
    for (const bad of ['0x10', '1e1', '-1', 'abc', '2.5'])
      expect(messages(field.safeParse(bad)), bad).toEqual(['Bereich']);
    expect(messages(field.safeParse(0))).toEqual(['Bereich']);
    expect(messages(field.safeParse(2.5))).toEqual(['Bereich']);
  });
});
