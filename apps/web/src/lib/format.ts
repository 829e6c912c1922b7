import { TIME_ZONE } from '@dihs/contract/common/constants';
import { formatEuroCents } from '@dihs/contract/zahlung';

/** Integer cents as "12,50 €" (German notation; the server's PDFs use the same function). */
export const formatEuro = (cents: number): string => formatEuroCents(cents);

const dateTime = new Intl.DateTimeFormat('de-DE', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** An ISO timestamp as "21.11.2026, 07:15 Uhr" in Berlin time. */
export const formatDateTimeDe = (iso: string): string => `${dateTime.format(new Date(iso))} Uhr`;

/** A flag as a table shows it: "Ja" or "Nein". */
export const yesNo = (value: boolean): string => (value ? 'Ja' : 'Nein');

/** "1980-04-12" as "12.04.1980"; null or empty as ''. */
export function formatIsoDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const [year, month, day] = iso.split('-');
  return day && month && year ? `${day}.${month}.${year}` : iso;
}

/** "Vorname Nachname", trimmed. */
export const fullName = (person: { vorname: string; nachname: string }): string =>
  `${person.vorname} ${person.nachname}`.trim();
