import { ABO_TEXTS } from '@dihs/contract/abo';
import { describe, expect, it } from 'vitest';
import { formErrors } from '../../../test/form-errors.ts';
import { bodyOf, centOf, formOf, paketFormSchema, type PaketForm } from './paket-form.ts';

const paketErrors = (form: PaketForm) => formErrors(paketFormSchema, form);

describe('package form', () => {
  it('starts a new package with the defaults of spec 3 section 3', async () => {
    expect(formOf(null)).toEqual({
      title: '',
      trainingsplaene: '1',
      befundtermine: '1',
      einzelTermineProQuartal: '0',
      gruppenTermineProQuartal: '0',
      laufzeitMonate: '12',
      buchungMonate: '3',
      kuendigungsfristMonate: '3',
      kostenProQuartalCent: '0,00',
      aktiv: false,
      buchbar: false,
    });
    expect(await paketErrors(formOf(null))).toEqual({ title: ABO_TEXTS.titelLeer });
  });

  it('reads euro amounts as cents', () => {
    expect(centOf('89')).toBe(8900);
    expect(centOf('89,5')).toBe(8950);
    expect(centOf(' 1234.05 ')).toBe(123405);
    expect(centOf('-1')).toBe(-100);
    expect(Number.isNaN(centOf('8,999'))).toBe(true);
    expect(Number.isNaN(centOf(''))).toBe(true);
    expect(bodyOf({ ...formOf(null), title: 'x', kostenProQuartalCent: '19,90' }).kostenProQuartalCent).toBe(1990);
  });

  it('shows the rule of each field under it', async () => {
    const form = { ...formOf(null), title: 'Paket' };
    expect(await paketErrors({ ...form, einzelTermineProQuartal: '' })).toEqual({
      einzelTermineProQuartal: ABO_TEXTS.anzahlLeer,
    });
    expect(await paketErrors({ ...form, befundtermine: '-1' })).toEqual({ befundtermine: ABO_TEXTS.anzahlLeer });
    expect(await paketErrors({ ...form, kostenProQuartalCent: 'abc' })).toEqual({
      kostenProQuartalCent: ABO_TEXTS.anzahlLeer,
    });
    expect(await paketErrors({ ...form, kostenProQuartalCent: '-5' })).toEqual({
      kostenProQuartalCent: ABO_TEXTS.anzahlLeer,
    });
    expect(await paketErrors({ ...form, buchungMonate: '5' })).toEqual({ buchungMonate: ABO_TEXTS.teilbar });
    expect(await paketErrors({ ...form, title: 'x'.repeat(31) })).toEqual({ title: 'Maximale Länge beachten' });
    expect(await paketErrors({ ...form, laufzeitMonate: '6', buchungMonate: '2' })).toEqual({});
  });
});
