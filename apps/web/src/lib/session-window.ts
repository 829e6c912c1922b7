/** Spec 2 section 9: the session start window opens 10 minutes before the start. */
export const SESSION_LEAD_MS = 10 * 60 * 1000;

/**
 * Whether a therapist may start the session now (spec 2 section 4): from 10 minutes before the start until start plus
 * dauer, never for a phone appointment. The server decides again when the session is opened; this only enables the button.
 */
export function canStartSession(termin: { datum: string; dauer: number; termintyp: string }, nowMs: number): boolean {
  if (termin.termintyp === 'TELEFON') return false;
  const start = Date.parse(termin.datum);
  if (Number.isNaN(start)) return false;
  return nowMs >= start - SESSION_LEAD_MS && nowMs <= start + termin.dauer * 60 * 1000;
}

/** Milliseconds until the button's state next changes (window opens or closes), or null when it never will again. */
export function nextWindowChange(termin: { datum: string; dauer: number }, nowMs: number): number | null {
  const start = Date.parse(termin.datum);
  if (Number.isNaN(start)) return null;
  const opens = start - SESSION_LEAD_MS;
  const closes = start + termin.dauer * 60 * 1000;
  if (nowMs < opens) return opens - nowMs;
  if (nowMs <= closes) return closes - nowMs + 1;
  return null;
}
