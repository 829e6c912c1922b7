/** Business constants and limits (spec 1 section 9, spec 3 section 9). */
export const LIMITS = {
  vorname: 30,
  nachname: 40,
  email: 100,
  strasse: 50,
  hausnummer: 6,
  plz: 6,
  stadt: 40,
  land: 60,
  passwortMin: 8,
  passwortMax: 40,
  secondFactorCode: 6,
  ausbildung: 300,
  schwerpunkte: 80,
  beschreibung: 600,
  navigationDepth: 3,
} as const;

/** Wrong passwords in a row after which an account is locked until an operator unlocks it. */
export const MAX_FAILED_LOGINS = 5;

/** Default token lifetime when TOKEN_TTL_SECONDS is not configured: 8 hours. */
export const DEFAULT_TOKEN_TTL_SECONDS = 8 * 60 * 60;

export const THEME_COLOURS = {
  primary: '#042f4c',
  secondary: '#299fe1',
  green: '#51b16c',
  red: '#b22835',
} as const;
