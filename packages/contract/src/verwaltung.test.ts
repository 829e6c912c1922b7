import { describe, expect, it } from 'vitest';
import {
  formatEuroText,
  parseEuroText,
  SETTINGS_CATALOG,
  settingInfo,
  TYPED_SETTINGS,
  VERWALTUNG_MESSAGES,
  verwaltungSaveBodySchema,
} from './verwaltung.ts';

describe('card price settings', () => {
  it('reads German euro amounts as cents', () => {
    expect(parseEuroText('25,00')).toBe(2500);
    expect(parseEuroText(' 15 ')).toBe(1500);
    expect(parseEuroText('1.234,5')).toBe(123450);
    expect(parseEuroText('100.000,00')).toBe(100_000_00);
    expect(parseEuroText('100.000,01')).toBeNull();
    expect(parseEuroText('0,00')).toBeNull();
    expect(parseEuroText('25.00')).toBeNull();
    expect(parseEuroText('abc')).toBeNull();
  });

  it('shows cents as the operator types them, and reads them back', () => {
    expect(formatEuroText(2500)).toBe('25,00');
    expect(formatEuroText(123450)).toBe('1.234,50');
    expect(formatEuroText(5)).toBe('0,05');
    for (const cents of [1, 99, 2500, 123450, 100_000_00]) expect(parseEuroText(formatEuroText(cents))).toBe(cents);
  });

  it('refuses a price that is no euro amount, and only for price keys', () => {
    expect(verwaltungSaveBodySchema.safeParse({ type: 'TERMINPREIS_EINZEL', value: 'kostenlos' }).success).toBe(false);
    expect(verwaltungSaveBodySchema.safeParse({ type: 'TERMINPREIS_EINZEL', value: '25,00' }).success).toBe(true);
    expect(verwaltungSaveBodySchema.safeParse({ type: 'SUPPORT_TEXT', value: 'kostenlos' }).success).toBe(true);
  });
});

describe('settings catalog', () => {
  it('gives every known setting a German label and help text, and shows an unknown one as itself', () => {
    for (const key of Object.keys(TYPED_SETTINGS)) expect(SETTINGS_CATALOG[key]).toBeDefined();
    for (const info of Object.values(SETTINGS_CATALOG)) {
      expect(info.label).not.toMatch(/^[A-Z_]+$/);
      expect(info.help.length).toBeGreaterThan(10);
    }
    expect(settingInfo('TERMINPREIS_EINZEL').label).toBe('Preis Einzeltermin (Kartenzahlung)');
    expect(settingInfo('ALT_EINTRAG')).toEqual({ label: 'ALT_EINTRAG', help: '' });
  });

  it('refuses an unknown key with a German message', () => {
    const result = verwaltungSaveBodySchema.safeParse({ type: 'MATRIX_PROBE', value: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(VERWALTUNG_MESSAGES.unbekannterTyp);
  });
});
