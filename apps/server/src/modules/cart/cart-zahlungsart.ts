import type { CreditKind } from '@dihs/contract/guthaben';
import type { Termintyp, Zahlungsart } from '@dihs/contract/termin';

/** The credit kinds that can pay an appointment type (telephone and anamnesis appointments only as paid credit). */
const CREDIT_KINDS_OF: Record<Termintyp, { rezept?: CreditKind; abo?: CreditKind; bezahlt: CreditKind }> = {
  EINZEL: { rezept: 'rezeptEinzelTermin', abo: 'aboEinzelTermin', bezahlt: 'bezahltEinzelTermin' },
  GRUPPE: { rezept: 'rezeptGruppenTermin', abo: 'aboGruppenTermin', bezahlt: 'bezahltGruppenTermin' },
  BEFUND: { rezept: 'rezeptBefundTermin', abo: 'aboBefundTermin', bezahlt: 'bezahltBefundTermin' },
  TELEFON: { bezahlt: 'bezahltTelefonTermin' },
  ANAMNESE: { bezahlt: 'bezahltAnamneseTermin' },
};

/** The paid credit of a type: what a card-paid seat returns on cancellation, and what a late payment grants. */
export const paidCreditKindOf = (typ: Termintyp): CreditKind => CREDIT_KINDS_OF[typ].bezahlt;

export interface PaymentDecision {
  zahlungsart: Zahlungsart;
  creditKind: CreditKind | null;
  /** Card price in cents (KARTE only), null when no valid price is set. */
  amountCents: number | null;
}

/**
 * Decides how one appointment is paid, in the fixed order FIRMA (an appointment of the patient's own company),
 * REZEPT, ABO, GUTHABEN (paid credit), KARTE. `remaining` is the balance still free in this cart and is lowered
 * for each credit taken, so several items of a cart never plan the same credit twice.
 */
export function decidePayment(
  termin: { termintyp: Termintyp; firmaId: number | null },
  patientFirmaId: number | null,
  remaining: Record<CreditKind, number>,
  cardPriceCents: number | null,
): PaymentDecision {
  if (termin.firmaId !== null && termin.firmaId === patientFirmaId) {
    return { zahlungsart: 'FIRMA', creditKind: null, amountCents: 0 };
  }
  const kinds = CREDIT_KINDS_OF[termin.termintyp];
  const order: [Zahlungsart, CreditKind | undefined][] = [
    ['REZEPT', kinds.rezept],
    ['ABO', kinds.abo],
    ['GUTHABEN', kinds.bezahlt],
  ];
  for (const [zahlungsart, kind] of order) {
    if (kind && remaining[kind] > 0) {
      remaining[kind] -= 1;
      return { zahlungsart, creditKind: kind, amountCents: 0 };
    }
  }
  return { zahlungsart: 'KARTE', creditKind: kinds.bezahlt, amountCents: cardPriceCents };
}

/** A euro amount of the settings ("25,00", "25", "1.234,50") in cents; null unless a positive amount. */
export function parseEuroCents(value: string | undefined): number | null {
  const match = /^(\d{1,3}(?:\.\d{3})*|\d+)(?:,(\d{1,2}))?$/.exec(value?.trim() ?? '');
  if (!match) return null;
  const euros = Number(match[1]!.replace(/\./g, ''));
  const cents = Number((match[2] ?? '0').padEnd(2, '0'));
  const total = euros * 100 + cents;
  return Number.isSafeInteger(total) && total > 0 && total <= 100_000_00 ? total : null;
}
