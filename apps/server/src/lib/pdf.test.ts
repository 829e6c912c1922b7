import { describe, expect, it } from 'vitest';
import { pdfSafeText } from './pdf.ts';

describe('pdf helpers', () => {
  it('keeps German text and WinAnsi punctuation, replaces what the standard font lacks', () => {
    expect(pdfSafeText('Größe: 5 € – „gut“\r\nZeile')).toBe('Größe: 5 € – „gut“\nZeile');
    expect(pdfSafeText('Łódź 😀\tTab')).toBe('?ód? ?    Tab');
  });
});
