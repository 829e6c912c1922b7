import { describe, expect, it } from 'vitest';
import {
  emailRule,
  nachnameRule,
  passwortMitWiederholungRule,
  passwortRule,
  plzRule,
  secondFactorCodeRule,
  vornameRule,
} from './rules.ts';

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
