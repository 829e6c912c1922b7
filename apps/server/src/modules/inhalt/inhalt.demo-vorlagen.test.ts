import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import * as vorlagen from './inhalt.demo-vorlagen.ts';

describe('demo page templates', () => {
  it('are stored as the editor would keep them: sanitizing changes nothing', () => {
    // the seed writes them without the editor: a tag the sanitizer drops would vanish on the operator's first save
    for (const [name, html] of Object.entries(vorlagen)) {
      expect(sanitizeRichText(html), name).toBe(html);
    }
  });

  it('name the points a privacy notice of a health platform needs', () => {
    for (const text of ['Art. 9 Abs. 1 DSGVO', 'Art. 77 DSGVO', 'Art. 7 Abs. 3 DSGVO', '§ 630f BGB', 'Art. 28 DSGVO']) {
      expect(vorlagen.DATENSCHUTZ).toContain(text);
    }
  });
});
