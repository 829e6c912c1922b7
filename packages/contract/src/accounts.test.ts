import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from './common/rules.ts';
import { ACCOUNT_MESSAGES, geburtsdatumRule, passwortSetzenBodySchema, registrierenBodySchema } from './accounts.ts';
import { berlinDay } from './common/time.ts';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('birthday rule (spec 2, section 5)', () => {
  it('accepts 1920-01-01 up to today', () => {
    for (const day of ['1920-01-01', '2000-02-29', berlinDay()])
      expect(geburtsdatumRule.safeParse(day).success).toBe(true);
  });

  it.each([
    ['', ACCOUNT_MESSAGES.geburtsdatumLeer],
    ['1919-12-31', ACCOUNT_MESSAGES.geburtsdatumBereich],
    ['2999-01-01', ACCOUNT_MESSAGES.geburtsdatumBereich],
    ['2001-02-29', ACCOUNT_MESSAGES.geburtsdatumUngueltig],
    ['1990-13-01', ACCOUNT_MESSAGES.geburtsdatumUngueltig],
    ['1.1.1990', ACCOUNT_MESSAGES.geburtsdatumUngueltig],
  ])('refuses %j', (value, message) => {
    expect(messages(geburtsdatumRule.safeParse(value))[0]).toBe(message);
  });
});

describe('password repeat', () => {
  it('reports a mismatch even while other fields are still wrong, so the form can show it at once', () => {
    const result = registrierenBodySchema.safeParse({ passwort: 'Sicher#2026', passwortWiederholen: 'Sicher#2027' });
    const repeat = result.error?.issues.find((i) => i.path[0] === 'passwortWiederholen');
    expect(repeat?.message).toBe(PASSWORD_MESSAGES.repeat);
  });

  it('is optional on the reset call, but checked when sent', () => {
    expect(passwortSetzenBodySchema.safeParse({ passwort: 'Sicher#2026' }).success).toBe(true);
    expect(messages(passwortSetzenBodySchema.safeParse({ passwort: 'Sicher#2026', passwortWiederholen: 'x' }))).toEqual(
      [PASSWORD_MESSAGES.repeat],
    );
  });

  it('requires the consent to be given', () => {
    const result = registrierenBodySchema.safeParse({ einverstaendnis: false });
    expect(result.error?.issues.find((i) => i.path[0] === 'einverstaendnis')?.message).toBe(
      ACCOUNT_MESSAGES.einverstaendnis,
    );
  });
});
