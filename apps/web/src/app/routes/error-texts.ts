/** Headline and text of the error page by error id (spec 3, section 8). */
export interface ErrorText {
  headline: string;
  text?: string;
}

const NO_PERMISSION: ErrorText = {
  headline: 'Fehlende Berechtigung',
  text: 'Sie sind nicht berechtigt, die angeforderte Seite aufzurufen.',
};

const ERROR_TEXTS: Record<string, ErrorText> = {
  '404': { headline: 'Seite nicht gefunden' },
  '403': NO_PERMISSION,
  '401': NO_PERMISSION,
  '400': { headline: 'Fehler bei der Anfrage' },
  '500': { headline: 'Serverfehler' },
};

export const GENERAL_ERROR: ErrorText = { headline: 'Allgemeiner Fehler' };

export const errorTextFor = (errorId: string | undefined): ErrorText =>
  (errorId !== undefined && Object.hasOwn(ERROR_TEXTS, errorId) ? ERROR_TEXTS[errorId] : undefined) ?? GENERAL_ERROR;
