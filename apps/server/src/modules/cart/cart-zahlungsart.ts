import { CART_MESSAGES, KEIN_GUTHABEN_CODES } from '@dihs/contract/cart';
import type { ErrorCode } from '@dihs/contract/common/errors';
import type { CreditKind } from '@dihs/contract/guthaben';
import type { Termintyp, Zahlungsart } from '@dihs/contract/termin';
import { HttpError } from '../../lib/http-error.ts';
import type { TerminRow } from '../termin/index.ts';

// How one item of a cart is paid: a rule without reads (the caller hands in the balance and the prices).

/**
 * Who books: the patient (card payment allowed), the operator for a patient (credit only; a missing credit is the
 * KEIN_*_GUTHABEN error of spec 2 section 8), or the patient's direct booking of one covered appointment.
 */
export type ReserveMode = 'patient' | 'betreiber' | 'direkt';

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
  /** Card price in cents (KARTE only), null when no price is set. */
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

/** The operator's error: the code is the spec's error word, the message names it (spec 2 section 8). */
const missingCredit = (typ: Termintyp) => {
  const code = KEIN_GUTHABEN_CODES[typ];
  // the spec's error words are not platform error codes, but the envelope's code field carries them alike
  return new HttpError(409, CART_MESSAGES.guthabenFehlt(typ), code as ErrorCode);
};

/** Refuses an item that falls to the card where the booker may not pay by card, or where no card price is set. */
export function refuseCard(mode: ReserveMode, termin: TerminRow, decision: PaymentDecision): void {
  if (decision.zahlungsart !== 'KARTE') return;
  if (mode === 'betreiber') throw missingCredit(termin.termintyp);
  if (mode === 'direkt') throw new HttpError(409, CART_MESSAGES.nurGuthaben);
  if (decision.amountCents === null) throw new HttpError(409, CART_MESSAGES.keinPreis);
}
