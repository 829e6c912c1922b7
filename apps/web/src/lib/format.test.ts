import { describe, expect, it } from 'vitest';
import { fullName } from './format.ts';
import { formErrors } from '../test/form-errors.ts';
import { profilAenderungSchema } from '@dihs/contract/profil';

describe('formatting and form messages', () => {
  it('writes a full name', () => {
    expect(fullName({ vorname: 'Paula', nachname: 'Patientin' })).toBe('Paula Patientin');
  });

  it('maps the contract rule messages to their fields', async () => {
    expect(await formErrors(profilAenderungSchema, { plz: '12a', ort: 'Berlin' })).toEqual({
      plz: 'PLZ enthält unzulässige Zeichen.',
    });
    expect(await formErrors(profilAenderungSchema, { ort: 'Berlin' })).toEqual({});
  });
});
