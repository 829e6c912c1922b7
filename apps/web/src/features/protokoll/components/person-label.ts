import { PROTOKOLL_TEXTS } from '@dihs/contract/protokoll';
import { formatDateTimeUhr } from '@dihs/contract/common/time';

/** "Vorname Nachname" of a person in the log, or the given fallback when the account is gone or has no name. */
export function personName(
  person: { vorname: string | null; nachname: string | null; email?: string | null },
  fallback: string = PROTOKOLL_TEXTS.unbekannt,
): string {
  const name = [person.vorname, person.nachname].filter(Boolean).join(' ').trim();
  return name || person.email || fallback;
}

/** The time of an entry as the lists show it: "24.11.2026, 09:15 Uhr". */
export const entryTime = (iso: string): string => formatDateTimeUhr(iso);
