import { describe, expect, it } from 'vitest';
import { formatDateTimeDe, formatIsoDateDe, pdfSafeText } from './pdf.ts';

describe('pdf helpers', () => {
  it('keeps German text and WinAnsi punctuation, replaces what the standard font lacks', () => {
    expect(pdfSafeText('Größe: 5 € – „gut“\r\nZeile')).toBe('Größe: 5 € – „gut“\nZeile');
    expect(pdfSafeText('Łódź 😀\tTab')).toBe('?ód? ?    Tab');
  });

  it('formats dates in German and Berlin time', () => {
    expect(formatDateTimeDe(new Date('2026-07-01T10:05:00Z'))).toBe('01.07.2026, 12:05');
    expect(formatIsoDateDe('1980-04-12')).toBe('12.04.1980');
  });
});
