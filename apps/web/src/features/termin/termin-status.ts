import { canCancel, cancellationDeadline, canStartSession, nextSessionWindowChange } from '@dihs/contract/common/time';
import type { Termin } from '@dihs/contract/termin';

/**
 * What the patient plan shows and offers per appointment (spec 2 section 4). The server decides again on every
 * call (24 h rule, attendance, PDFs); these only decide which buttons are on.
 */

export type Anzeigestatus = 'teilgenommen' | 'gebucht' | 'nicht gebucht' | 'nicht teilgenommen';

type TerminZeit = Pick<Termin, 'datum' | 'dauer'>;
const startOf = (termin: TerminZeit) => Date.parse(termin.datum);
const endOf = (termin: TerminZeit) => startOf(termin) + termin.dauer * 60_000;

/** Fully booked: a seat that is also paid (spec 2 section 4). */
export const vollGebucht = (termin: Pick<Termin, 'angemeldet' | 'bezahlt'>): boolean =>
  termin.angemeldet && termin.bezahlt;

/**
 * 'teilgenommen' if attended; otherwise while not over 'gebucht' (fully booked) or 'nicht gebucht'; once over
 * 'nicht teilgenommen'. Decided: an appointment counts as past from its end, so a running one is still 'gebucht'.
 */
export function anzeigestatus(termin: Termin, nowMs: number): Anzeigestatus {
  if (termin.teilgenommen) return 'teilgenommen';
  if (nowMs > endOf(termin)) return 'nicht teilgenommen';
  return vollGebucht(termin) ? 'gebucht' : 'nicht gebucht';
}

/** Start session: the time window plus every condition of spec 2 section 4 (phone appointments never). */
export function kannSitzungStarten(termin: Termin, nowMs: number): boolean {
  return (
    vollGebucht(termin) &&
    !termin.beendet &&
    !termin.herausgeworfen &&
    !(termin.zugeschlossen && !termin.beigetreten) &&
    canStartSession(termin, nowMs)
  );
}

/** When a button of this appointment next changes state (session window, 24 h limit, end), for the timer. */
export function naechsteAenderung(termin: Termin, nowMs: number): number | null {
  const candidates = [
    nextSessionWindowChange(termin, nowMs),
    cancellationDeadline(termin.datum) - nowMs,
    endOf(termin) - nowMs + 1,
  ].filter((ms): ms is number => ms !== null && ms > 0);
  return candidates.length > 0 ? Math.min(...candidates) : null;
}

/** Cancel: fully booked and the start more than 24 hours away (spec 2 sections 4 and 9). */
export const kannStornieren = (termin: Termin, nowMs: number): boolean =>
  vollGebucht(termin) && canCancel(termin.datum, nowMs);

/** Attendance confirmation: only after the end and only if teilgenommen. */
export const kannTeilnahmeBestaetigen = (termin: Termin, nowMs: number): boolean =>
  termin.teilgenommen && nowMs > endOf(termin);

/** Booking confirmation: for a booked (paid) seat. */
export const kannBuchungBestaetigen = (termin: Termin): boolean => vollGebucht(termin);

/** Selectable for the cart: not held yet, seats left, not started, active. */
export const buchbar = (termin: Termin, nowMs: number): boolean =>
  termin.status === 'AKTIV' &&
  !termin.angemeldet &&
  termin.anzahlTeilnehmer < termin.maxTeilnehmer &&
  startOf(termin) > nowMs;

/** Why a button of a booked appointment is off (issue 15: disabled buttons explain themselves). */
export const GRUENDE = {
  stornieren: 'Termine können nur bis 24 Stunden vor Terminbeginn storniert werden.',
  teilnahmeVorEnde: 'Die Teilnahmebestätigung gibt es nach dem Ende des Termins.',
  teilnahmeOhne: 'Eine Teilnahmebestätigung gibt es nur, wenn Sie am Termin teilgenommen haben.',
  sitzungFenster: 'Die Sitzung kann ab 10 Minuten vor Terminbeginn bis zum Terminende gestartet werden.',
  sitzungBeendet: 'Die Sitzung wurde beendet.',
  sitzungEntfernt: 'Sie wurden aus dieser Sitzung entfernt.',
  sitzungGeschlossen: 'Die Sitzung ist geschlossen; ein späterer Beitritt ist nicht möglich.',
} as const;

/** Why "Stornieren" is off, or null when it is on (shown only for booked appointments). */
export const stornierenGrund = (termin: Termin, nowMs: number): string | null =>
  kannStornieren(termin, nowMs) ? null : GRUENDE.stornieren;

/** Why "Teilnahmebestätigung (PDF)" is off, or null. */
export function teilnahmeGrund(termin: Termin, nowMs: number): string | null {
  if (kannTeilnahmeBestaetigen(termin, nowMs)) return null;
  return nowMs <= endOf(termin) ? GRUENDE.teilnahmeVorEnde : GRUENDE.teilnahmeOhne;
}

/** Why "Sitzung starten" is off for the patient, or null. */
export function sitzungGrund(termin: Termin, nowMs: number): string | null {
  if (kannSitzungStarten(termin, nowMs)) return null;
  if (termin.herausgeworfen) return GRUENDE.sitzungEntfernt;
  if (termin.beendet) return GRUENDE.sitzungBeendet;
  if (termin.zugeschlossen && !termin.beigetreten) return GRUENDE.sitzungGeschlossen;
  return GRUENDE.sitzungFenster;
}
