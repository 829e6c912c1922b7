import { describe, expect, it } from 'vitest';
import { CREDIT_KINDS, type CreditKind } from '@dihs/contract/guthaben';
import { decidePayment } from './cart-zahlungsart.ts';

const balance = (values: Partial<Record<CreditKind, number>> = {}) =>
  Object.fromEntries(CREDIT_KINDS.map((k) => [k, values[k] ?? 0])) as Record<CreditKind, number>;

describe('payment method order', () => {
  it('FIRMA first, then REZEPT, ABO, GUTHABEN, KARTE last', () => {
    const remaining = balance({ rezeptEinzelTermin: 1, aboEinzelTermin: 1, bezahltEinzelTermin: 1 });
    const einzel = { termintyp: 'EINZEL' as const, firmaId: null };
    expect(decidePayment({ termintyp: 'EINZEL', firmaId: 7 }, 7, remaining, 2500).zahlungsart).toBe('FIRMA');
    expect(decidePayment(einzel, 7, remaining, 2500)).toEqual({
      zahlungsart: 'REZEPT',
      creditKind: 'rezeptEinzelTermin',
      amountCents: 0,
    });
    expect(decidePayment(einzel, 7, remaining, 2500).zahlungsart).toBe('ABO');
    expect(decidePayment(einzel, 7, remaining, 2500).zahlungsart).toBe('GUTHABEN');
    expect(decidePayment(einzel, 7, remaining, 2500)).toEqual({
      zahlungsart: 'KARTE',
      creditKind: 'bezahltEinzelTermin',
      amountCents: 2500,
    });
    expect(remaining.rezeptEinzelTermin + remaining.aboEinzelTermin + remaining.bezahltEinzelTermin).toBe(0);
  });

  it('another company appointment is not FIRMA; telephone uses only paid credit', () => {
    const remaining = balance({ rezeptGruppenTermin: 1, bezahltTelefonTermin: 1 });
    expect(decidePayment({ termintyp: 'GRUPPE', firmaId: 3 }, 4, remaining, null).zahlungsart).toBe('REZEPT');
    expect(decidePayment({ termintyp: 'TELEFON', firmaId: null }, null, remaining, null).zahlungsart).toBe('GUTHABEN');
    expect(decidePayment({ termintyp: 'TELEFON', firmaId: null }, null, remaining, null)).toEqual({
      zahlungsart: 'KARTE',
      creditKind: 'bezahltTelefonTermin',
      amountCents: null,
    });
  });
});
