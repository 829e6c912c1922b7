import { describe, expect, it } from 'vitest';
import { unsafeHtmlFindings, XSS_VECTORS } from '../test/html-safety.ts';
import { sanitizeRichText } from './sanitize.ts';

describe('sanitizeRichText', () => {
  it('has a corpus of at least 50 XSS vectors, each of which the checker flags before sanitizing', () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(50);
    // the checker must see the danger in the raw payloads, or it could not fail on sanitized output either
    const unflagged = XSS_VECTORS.filter((vector) => unsafeHtmlFindings(vector).length === 0);
    expect(unflagged.length).toBeLessThan(XSS_VECTORS.length / 10);
  });

  it.each(XSS_VECTORS.map((vector, index) => [index, vector]))('neutralises vector %i', (_, vector) => {
    expect(unsafeHtmlFindings(sanitizeRichText(vector))).toEqual([]);
  });

  it('keeps what the editor writes: headings, lists, marks, links and images of our site', () => {
    const html =
      '<h2>Titel</h2><p><strong>fett</strong> <em>kursiv</em> <s>durch</s> <u>unter</u></p>' +
      '<ul><li><p>eins</p></li></ul><ol><li><p>zwei</p></li></ol><blockquote><p>Zitat</p></blockquote>' +
      '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.org">extern</a> ' +
      '<a href="/inhalt/faq">intern</a></p><img src="/api/files/bild.png" alt="Bild">';
    expect(sanitizeRichText(html)).toBe(
      '<h2>Titel</h2><p><strong>fett</strong> <em>kursiv</em> <s>durch</s> <u>unter</u></p>' +
        '<ul><li><p>eins</p></li></ul><ol><li><p>zwei</p></li></ol><blockquote><p>Zitat</p></blockquote>' +
        '<p><a target="_blank" rel="noopener noreferrer" href="https://example.org">extern</a> ' +
        '<a href="/inhalt/faq">intern</a></p><img alt="Bild" src="/api/files/bild.png" />',
    );
  });

  it('drops script schemes hidden in relative-looking urls and non-raster data images', () => {
    expect(sanitizeRichText('<img src="`javascript:alert(1)`">')).toBe('<img />');
    expect(sanitizeRichText('<img src="data:image/svg+xml,<svg onload=alert(1)>">')).toBe('<img />');
    expect(sanitizeRichText('<img src="data:image/png;base64,AAAA">')).toBe('<img src="data:image/png;base64,AAAA" />');
  });

  it('removes NUL characters, which PostgreSQL cannot store', () => {
    expect(sanitizeRichText('<p>a\u0000b</p>')).toBe('<p>ab</p>');
  });
});
