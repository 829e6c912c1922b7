import { describe, expect, it } from 'vitest';
import { formatDateTimeDe, formatIsoDate, fullName } from './format.ts';
import { firstErrors } from './use-schema-form.ts';
import { profilAenderungSchema } from '@dihs/contract/profil';

describe('formatting and form messages', () => {
  it('formats dates the German way in Berlin time', () => {
    expect(formatIsoDate('1980-04-12')).toBe('12.04.1980');
    expect(formatIsoDate(null)).toBe('');
    expect(formatDateTimeDe('2026-01-15T08:30:00Z')).toBe('15.01.2026, 09:30 Uhr');
    expect(fullName({ vorname: 'Paula', nachname: 'Patientin' })).toBe('Paula Patientin');
  });

  it('maps the contract rule messages to their fields', () => {
    expect(firstErrors(profilAenderungSchema, { plz: '12a', ort: 'Berlin' })).toEqual({
      plz: 'PLZ enthält unzulässige Zeichen.',
    });
    expect(firstErrors(profilAenderungSchema, { ort: 'Berlin' })).toEqual({});
  });
});
