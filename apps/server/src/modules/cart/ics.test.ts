import { describe, expect, it } from 'vitest';
import { buildIcs, escapeIcsText, foldIcsLine, icsUtc } from './ics.ts';

describe('iCalendar builder', () => {
  it('escapes backslash, semicolon, comma and line breaks', () => {
    expect(escapeIcsText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds at 75 octets without splitting a UTF-8 character', () => {
    const line = `SUMMARY:${'ä'.repeat(100)}`;
    const folded = foldIcsLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
    expect(foldIcsLine('KURZ:x')).toBe('KURZ:x');
  });

  it('writes one VEVENT per appointment with UTC start, duration, CRLF endings', () => {
    const ics = buildIcs(
      [
        { uid: 'sitz-1@test', start: new Date('2026-07-01T10:05:00Z'), durationMinutes: 30, summary: 'Rücken, Knie' },
        { uid: 'sitz-2@test', start: new Date('2026-07-02T08:00:00Z'), durationMinutes: 20, summary: 'Zwei' },
      ],
      { prodId: '-//Test//DE', stamp: new Date('2026-06-01T00:00:00Z') },
    );
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toContain('\n');
    const lines = ics.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('METHOD:PUBLISH');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines).toContain('DTSTART:20260701T100500Z');
    expect(lines).toContain('DURATION:PT30M');
    expect(lines).toContain('SUMMARY:Rücken\\, Knie');
    expect(lines).toContain('UID:sitz-2@test');
    expect(lines).toContain('DTSTAMP:20260601T000000Z');
    expect(icsUtc(new Date('2026-12-31T23:59:59.999Z'))).toBe('20261231T235959Z');
  });
});
