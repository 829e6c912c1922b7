import { parseDayDe } from '@dihs/contract/common/time';
import { TERMIN_MESSAGES, type Termin } from '@dihs/contract/termin';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_TERMIN_FORM,
  FIRMA_LEER,
  formOfTermin,
  maxTeilnehmerEditable,
  terminFormValuesSchema,
  toTerminBody,
  withTermintyp,
  type TerminFormValues,
} from './termin-form-state.ts';
import { filterDay, toggleTyp } from './type-filter.ts';
import { formErrors } from '../../test/form-errors.ts';

const terminFormErrors = (form: TerminFormValues) => formErrors(terminFormValuesSchema, form);

const VALID: TerminFormValues = {
  ...EMPTY_TERMIN_FORM,
  befund: 'Rückenschmerzen',
  details: 'Rückenschule',
  termintyp: 'GRUPPE',
  therapeutId: 4,
  datum: '01.12.2026',
  uhrzeit: '17:30',
  maxTeilnehmer: '8',
  dauer: '30',
};

describe('terminFormErrors', () => {
  it('names every empty required field with the message of spec 2 section 5', async () => {
    const errors = await terminFormErrors(EMPTY_TERMIN_FORM);
    expect(errors).toMatchObject({
      befund: TERMIN_MESSAGES.befundLeer,
      details: TERMIN_MESSAGES.detailsLeer,
      termintyp: TERMIN_MESSAGES.terminartLeer,
      therapeutId: TERMIN_MESSAGES.therapeutLeer,
      datum: TERMIN_MESSAGES.datumLeer,
      uhrzeit: TERMIN_MESSAGES.uhrzeitLeer,
    });
    expect(errors.dauer).toBeDefined();
    expect(errors.maxTeilnehmer).toBeDefined();
  });

  it('accepts a complete form', async () => {
    expect(await terminFormErrors(VALID)).toEqual({});
  });

  it('enforces the length limits of befund (30) and details (999)', async () => {
    expect((await terminFormErrors({ ...VALID, befund: 'x'.repeat(31) })).befund).toBe(TERMIN_MESSAGES.maxLaenge);
    expect((await terminFormErrors({ ...VALID, details: 'x'.repeat(1000) })).details).toBe(TERMIN_MESSAGES.maxLaenge);
  });

  it('requires a company for a company appointment', async () => {
    expect((await terminFormErrors({ ...VALID, istFirmentermin: true })).firmaId).toBe(FIRMA_LEER);
    expect(await terminFormErrors({ ...VALID, istFirmentermin: true, firmaId: 3 })).toEqual({});
  });
});

describe('withTermintyp', () => {
  it('forces one participant for EINZEL and disables the field', async () => {
    const einzel = withTermintyp(VALID, 'EINZEL');
    expect(einzel.maxTeilnehmer).toBe('1');
    expect(maxTeilnehmerEditable(einzel)).toBe(false);
    expect(await terminFormErrors(einzel)).toEqual({});
    expect(maxTeilnehmerEditable(withTermintyp(einzel, 'GRUPPE'))).toBe(true);
  });

  it('switches "Jeder sieht jeden" off for every type but GRUPPE', () => {
    const gruppe = { ...VALID, everyoneView: true };
    expect(withTermintyp(gruppe, 'GRUPPE').everyoneView).toBe(true);
    expect(withTermintyp(gruppe, 'TELEFON').everyoneView).toBe(false);
  });
});

describe('German dates', () => {
  it('sends the typed German date as the ISO day and names an unreadable one with the format message', async () => {
    expect(toTerminBody(VALID).datum).toBe('2026-12-01');
    expect(parseDayDe('1.2.2027')).toBe('2027-02-01');
    expect((await terminFormErrors({ ...VALID, datum: '2026-12-01' })).datum).toBe(TERMIN_MESSAGES.datumFormat);
    expect((await terminFormErrors({ ...VALID, datum: '31.02.2027' })).datum).toBe(TERMIN_MESSAGES.datumFormat);
    expect((await terminFormErrors({ ...VALID, uhrzeit: '5 Uhr' })).uhrzeit).toBe(TERMIN_MESSAGES.uhrzeitFormat);
    expect((await terminFormErrors({ ...VALID, uhrzeit: '24:00' })).uhrzeit).toBe(TERMIN_MESSAGES.uhrzeitFormat);
  });

  it('filters by a real day only', () => {
    expect(filterDay('')).toBe('');
    expect(filterDay('01.12.2026')).toBe('2026-12-01');
    expect(filterDay('31.02.2026')).toBeNull();
    expect(filterDay('2026-12-01')).toBeNull();
  });
});

describe('toTerminBody', () => {
  it('sends no company unless it is a company appointment, and an id only when changing', () => {
    const body = toTerminBody({ ...VALID, firmaId: 3 });
    expect(body.firmaId).toBeNull();
    expect(body).not.toHaveProperty('id');
    expect(toTerminBody({ ...VALID, id: 7, istFirmentermin: true, firmaId: 3 })).toMatchObject({ id: 7, firmaId: 3 });
  });
});

describe('formOfTermin', () => {
  it('shows the stored UTC instant as the Berlin day and time', () => {
    const termin = {
      id: 7,
      datum: '2026-12-01T16:30:00.000Z',
      dauer: 30,
      termintyp: 'GRUPPE',
      befund: 'Rückenschmerzen',
      details: 'Rückenschule',
      therapeutId: 4,
      maxTeilnehmer: 8,
      everyoneView: true,
      firmaId: null,
    } as Termin;
    expect(formOfTermin(termin)).toMatchObject({ id: 7, datum: '01.12.2026', uhrzeit: '17:30', maxTeilnehmer: '8' });
    // summer time: UTC+2
    expect(formOfTermin({ ...termin, datum: '2026-07-01T22:15:00.000Z' })).toMatchObject({
      datum: '02.07.2026',
      uhrzeit: '00:15',
    });
  });
});

describe('toggleTyp', () => {
  it('keeps the last type on', () => {
    expect(toggleTyp(['EINZEL', 'GRUPPE'], 'EINZEL')).toEqual(['GRUPPE']);
    expect(toggleTyp(['GRUPPE'], 'GRUPPE')).toEqual(['GRUPPE']);
    expect(toggleTyp(['GRUPPE'], 'EINZEL')).toEqual(['EINZEL', 'GRUPPE']);
  });
});
