import { addDays } from '@dihs/contract/common/time';

/**
 * Calendar arithmetic on ISO days ("2026-11-21"). Subscriptions run in whole days in Berlin: a contract that starts
 * on the 31st renews on the last day of shorter months, and every date is computed from the first day rather than
 * from the previous date, so clamping never drifts.
 */

function parts(iso: string): [number, number, number] {
  const [y, m, d] = iso.split('-').map(Number);
  return [y!, m!, d!];
}

const iso = (date: Date): string => date.toISOString().slice(0, 10);

/** Adds months; a day that the target month lacks becomes its last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = parts(day);
  const firstOfTarget = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0)).getUTCDate();
  return iso(new Date(Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth(), Math.min(d, lastDay))));
}

export interface Vertragsdaten {
  /** First day of the contract. */
  beginn: string;
  laufzeitMonate: number;
  buchungMonate: number;
  kuendigungsfristMonate: number;
}

/** First day of booking interval `nr` (0 is the first). */
export const periodeBeginn = (v: Vertragsdaten, nr: number): string => addMonths(v.beginn, v.buchungMonate * nr);

/** Last day of booking interval `nr`. */
export const periodeEnde = (v: Vertragsdaten, nr: number): string => addDays(periodeBeginn(v, nr + 1), -1);

/** The term (0 is the first) that booking interval `nr` belongs to. */
export const laufzeitNrVonPeriode = (v: Vertragsdaten, nr: number): number =>
  Math.floor((nr * v.buchungMonate) / v.laufzeitMonate);

/** Last day of term `k`. */
export const laufzeitEnde = (v: Vertragsdaten, k: number): string =>
  addDays(addMonths(v.beginn, v.laufzeitMonate * (k + 1)), -1);

/**
 * The last day on which a cancellation still ends the contract with term `k`: the notice period before the day
 * after the term (3 months' notice for a term ending 14 Jan 2027 means by 14 Oct 2026).
 */
export const letzterKuendigungsTag = (v: Vertragsdaten, k: number): string =>
  addDays(addMonths(v.beginn, v.laufzeitMonate * (k + 1) - v.kuendigungsfristMonate), -1);

/** The term that contains `day` (days before the start count as the first term). */
export function laufzeitNrAm(v: Vertragsdaten, day: string): number {
  let k = 0;
  while (laufzeitEnde(v, k) < day) k++;
  return k;
}

/**
 * The term a cancellation made on `today` ends the contract with: the earliest term, from the current one on,
 * whose last cancellation day has not passed. Answers the term's number and its last day.
 */
export function kuendigungZum(
  v: Vertragsdaten,
  today: string,
  aktuelleLaufzeitNr: number,
): { k: number; ende: string } {
  let k = Math.max(aktuelleLaufzeitNr, laufzeitNrAm(v, today));
  while (letzterKuendigungsTag(v, k) < today) k++;
  return { k, ende: laufzeitEnde(v, k) };
}
