/** An iCalendar (RFC 5545) file for the booking confirmation mail: one VEVENT per booked appointment. */

export interface IcsEvent {
  /** Globally unique and stable for the same booking, so calendars update instead of duplicating. */
  uid: string;
  start: Date;
  durationMinutes: number;
  summary: string;
  description?: string;
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** RFC 5545 3.3.11: backslash, semicolon, comma and line breaks are escaped in TEXT values. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * RFC 5545 3.1: a content line longer than 75 octets continues on the next line after CRLF and one space. Splits
 * only between characters, never inside a UTF-8 sequence.
 */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // a continuation line starts with the space, which counts toward its 75 octets
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** 2026-11-21T08:16:00.000Z -> 20261121T081600Z (UTC form of DATE-TIME). */
export const icsUtc = (date: Date): string =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function buildIcs(events: IcsEvent[], options: { prodId: string; stamp: Date }): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${options.prodId}`, 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${icsUtc(options.stamp)}`,
      `DTSTART:${icsUtc(event.start)}`,
      `DURATION:PT${Math.max(0, Math.round(event.durationMinutes))}M`,
      `SUMMARY:${escapeIcsText(event.summary)}`,
    );
    if (event.description) lines.push(`DESCRIPTION:${escapeIcsText(event.description)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}
