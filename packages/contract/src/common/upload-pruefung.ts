/**
 * Refusals of an upload whose content carries more than its type (issue 31 item 3, docs/decisions.md "Issue 31 item
 * 3: files without active content"): shared by the prescription upload and the operator's file upload, next to
 * their own refusals in REZEPT_TEXTS and DATEI_TEXTS.
 */

/** What the content check found; every finding refuses the upload. */
export type UploadBefund =
  'javascript' | 'launch' | 'eingebettet' | 'xfa' | 'nichtPruefbar' | 'html' | 'zip' | 'anhang' | 'typAbweichung';

/** The content types an upload may have, as the refusals name them. */
export const UPLOAD_INHALT_NAMEN = {
  'application/pdf': 'ein PDF',
  'image/png': 'ein PNG-Bild',
  'image/jpeg': 'ein JPEG-Bild',
} as const;
export type UploadInhalt = keyof typeof UPLOAD_INHALT_NAMEN;

export const UPLOAD_PRUEFUNG_TEXTS = {
  javascript: 'Die PDF-Datei enthält aktive Inhalte (JavaScript) und wurde nicht angenommen.',
  launch:
    'Die PDF-Datei enthält aktive Inhalte (eine Aktion, die Programme oder Dateien startet) und wurde nicht angenommen.',
  eingebettet: 'Die PDF-Datei enthält aktive Inhalte (eingebettete Dateien) und wurde nicht angenommen.',
  xfa: 'Die PDF-Datei enthält aktive Inhalte (ein XFA-Formular) und wurde nicht angenommen.',
  nichtPruefbar:
    'Die PDF-Datei konnte nicht auf aktive Inhalte geprüft werden (verschlüsselte oder ungewöhnlich gepackte Objekte) und wurde nicht angenommen.',
  html: 'Die Datei enthält neben ihrem Format auch HTML- oder Skript-Inhalte und wurde nicht angenommen.',
  zip: 'Die Datei enthält neben ihrem Format auch ein ZIP-Archiv und wurde nicht angenommen.',
  anhang: 'Die PDF-Datei enthält nach ihrem Ende weitere Daten und wurde nicht angenommen.',
  typAbweichung: (inhalt: UploadInhalt) =>
    `Der gesendete Dateityp passt nicht zum Inhalt der Datei (${UPLOAD_INHALT_NAMEN[inhalt]}); sie wurde nicht angenommen.`,
} as const;

/** The German refusal of a finding; `inhalt` is the type the content showed. */
export const uploadPruefungText = (befund: UploadBefund, inhalt: UploadInhalt): string =>
  befund === 'typAbweichung' ? UPLOAD_PRUEFUNG_TEXTS.typAbweichung(inhalt) : UPLOAD_PRUEFUNG_TEXTS[befund];
