import { describe, expect, it } from 'vitest';
import { errorTextFor } from './error-texts.ts';

describe('errorTextFor (spec 3, section 8)', () => {
  it('names each known error', () => {
    expect(errorTextFor('404')).toEqual({ headline: 'Seite nicht gefunden' });
    expect(errorTextFor('400')).toEqual({ headline: 'Fehler bei der Anfrage' });
    expect(errorTextFor('500')).toEqual({ headline: 'Serverfehler' });
  });

  it('gives 403 and 401 the same permission text', () => {
    const expected = {
      headline: 'Fehlende Berechtigung',
      text: 'Sie sind nicht berechtigt, die angeforderte Seite aufzurufen.',
    };
    expect(errorTextFor('403')).toEqual(expected);
    expect(errorTextFor('401')).toEqual(expected);
  });

  it('falls back to the general error', () => {
    expect(errorTextFor('418')).toEqual({ headline: 'Allgemeiner Fehler' });
    expect(errorTextFor('toString')).toEqual({ headline: 'Allgemeiner Fehler' });
    expect(errorTextFor(undefined)).toEqual({ headline: 'Allgemeiner Fehler' });
  });
});
