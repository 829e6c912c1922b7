import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { isIsoDay } from './time.ts';

/** Reusable field rules of spec 1, section 5, with their German messages. Used by forms and by the server. */

export const MAX_LENGTH_MESSAGE = 'Maximale Länge beachten';

const NAME_CHARS = /^[A-Za-zÄÖÜäöüßÀ-ÖØ-öø-ÿ\- ]*$/;
const STREET_CHARS = /^[A-Za-zÄÖÜäöüßÀ-ÖØ-öø-ÿ.\- ]*$/;
const HOUSE_NUMBER_CHARS = /^[A-Za-z0-9-]*$/;
const DIGITS = /^[0-9]*$/;
const CITY_CHARS = /^[A-Za-zÄÖÜäöüßÀ-ÖØ-öø-ÿ0-9\- ]*$/;
/** An @ with text on both sides (spec 1, section 5). */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;
export const PASSWORD_SPECIAL_CHARS = '#?!@$ %^&*-';

// Names are trimmed before the emptiness check: a name of only spaces is no name.
export const vornameRule = z
  .string()
  .trim()
  .min(1, 'Vorname darf nicht leer sein.')
  .max(LIMITS.vorname, MAX_LENGTH_MESSAGE)
  .regex(NAME_CHARS, 'Vorname enthält unzulässige Zeichen.');

export const nachnameRule = z
  .string()
  .trim()
  .min(1, 'Nachname darf nicht leer sein.')
  .max(LIMITS.nachname, MAX_LENGTH_MESSAGE)
  .regex(NAME_CHARS, 'Nachname enthält unzulässige Zeichen.');

/** Required e-mail, stored lower-cased. */
export const emailRule = z
  .string()
  .trim()
  .min(1, 'E-Mail darf nicht leer sein.')
  .max(LIMITS.email, MAX_LENGTH_MESSAGE)
  .regex(EMAIL_SHAPE, 'E-Mail ist nicht valide.')
  .transform((value) => value.toLowerCase());

/** The optional variant: empty allowed, otherwise a valid e-mail. */
export const optionalEmailRule = z
  .string()
  .trim()
  .max(LIMITS.email, MAX_LENGTH_MESSAGE)
  .refine((value) => value === '' || EMAIL_SHAPE.test(value), 'E-Mail ist nicht valide.')
  .transform((value) => value.toLowerCase());

const charsetRule = (label: string, max: number, chars: RegExp) =>
  z.string().max(max, MAX_LENGTH_MESSAGE).regex(chars, `${label} enthält unzulässige Zeichen.`);

export const strasseRule = charsetRule('Straße', LIMITS.strasse, STREET_CHARS);
export const hausnummerRule = charsetRule('Hausnummer', LIMITS.hausnummer, HOUSE_NUMBER_CHARS);
export const plzRule = charsetRule('PLZ', LIMITS.plz, DIGITS);
export const stadtRule = charsetRule('Stadt', LIMITS.stadt, CITY_CHARS);
export const landRule = charsetRule('Land', LIMITS.land, CITY_CHARS);

export const PASSWORD_MESSAGES = {
  length: 'Das Passwort muss zwischen 8 und 40 Zeichen haben.',
  upper: 'Das Passwort muss einen Großbuchstaben beinhalten.',
  lower: 'Das Passwort muss einen Kleinbuchstaben beinhalten.',
  digit: 'Das Passwort muss eine Zahl beinhalten.',
  special: 'Das Passwort muss ein Sonderzeichen beinhalten.',
  repeat: 'Die Passwörter stimmen nicht überein.',
} as const;

const containsSpecial = (value: string) => [...value].some((c) => PASSWORD_SPECIAL_CHARS.includes(c));

/** A new password: 8–40 characters with upper, lower, digit and one of # ? ! @ $ space % ^ & * -. */
export const passwortRule = z
  .string()
  .min(LIMITS.passwortMin, PASSWORD_MESSAGES.length)
  .max(LIMITS.passwortMax, PASSWORD_MESSAGES.length)
  .regex(/[A-ZÄÖÜ]/, PASSWORD_MESSAGES.upper)
  .regex(/[a-zäöüß]/, PASSWORD_MESSAGES.lower)
  .regex(/[0-9]/, PASSWORD_MESSAGES.digit)
  .refine(containsSpecial, PASSWORD_MESSAGES.special);

/** Password and its repetition; the mismatch message sits on the repeat field. */
export const passwortMitWiederholungRule = z
  .object({ passwort: passwortRule, passwortWiederholen: z.string() })
  .refine((v) => v.passwort === v.passwortWiederholen, {
    message: PASSWORD_MESSAGES.repeat,
    path: ['passwortWiederholen'],
  });

/** Second-factor code: empty or exactly 6 characters. */
export const secondFactorCodeRule = z
  .string()
  .trim()
  .refine((v) => v === '' || v.length === LIMITS.secondFactorCode, 'Der Code muss 6 Zeichen lang sein.');

/** Date of a company subscription's end (spec 1, section 5). */
export const pflichtDatumRule = z.string().trim().min(1, 'Das Datum darf nicht leer sein.');

/** The highest id of a database row (ids are PostgreSQL integer columns). */
export const MAX_ID = 2_147_483_647;
export const ID_MESSAGE = 'Ungültige ID.';
const DECIMAL_DIGITS = /^[0-9]+$/;

/**
 * A record id in a path: decimal digits only, 1 to MAX_ID. Path parameters arrive as text, and Number() would also
 * read '0x10', '1e3', ' 7' or '' (as 0); those are no ids. A caller building a path may pass the number itself.
 */
export const idParam = (message: string = ID_MESSAGE) =>
  z
    .union([z.string(), z.number()], { message })
    .transform(String)
    .pipe(
      z
        .string()
        .regex(DECIMAL_DIGITS, message)
        .transform(Number)
        // one message even when several checks fail (a 30-digit number is neither safe nor an id)
        .pipe(z.number().int({ message, abort: true }).positive(message).max(MAX_ID, message)),
    );

/** A record id in a JSON body: a JSON number only (text or true is not an id). */
export const idField = (message: string = ID_MESSAGE) =>
  z.number({ message }).int(message).positive(message).max(MAX_ID, message);

/**
 * A whole number in a JSON body: a JSON number, or its decimal digits as a form field holds them ('12'). Nothing
 * else is read as a number: true, null, [], '0x10', '1e3' are refused rather than turned into 1, 0, 16 or 1000.
 * Empty text or a missing value get `emptyMessage`, other text `formatMessage`; `range` checks the number.
 */
export const wholeNumberField = <Range extends z.ZodType<number, number>>(
  emptyMessage: string,
  formatMessage: string,
  range: Range,
) =>
  z
    .union([z.number(), z.string()], { message: emptyMessage })
    .transform((value, ctx) => {
      if (typeof value === 'number') return value;
      const text = value.trim();
      if (DECIMAL_DIGITS.test(text)) return Number(text);
      ctx.addIssue({ code: 'custom', message: text === '' ? emptyMessage : formatMessage });
      return z.NEVER;
    })
    .pipe(range);

const PAGE_MESSAGE = 'Ungültige Seite.';
const PAGE_SIZE_MESSAGE = 'Ungültige Seitengröße.';

/** The paging fields of a list endpoint's query (text in the address): page from 0, size 1 to `sizeMax`. */
export const pageQueryFields = (sizeMax: number, sizeDefault: number) => ({
  page: z.coerce
    .number({ message: PAGE_MESSAGE })
    .int(PAGE_MESSAGE)
    .min(0, PAGE_MESSAGE)
    .max(100_000, PAGE_MESSAGE)
    .default(0),
  size: z.coerce
    .number({ message: PAGE_SIZE_MESSAGE })
    .int(PAGE_SIZE_MESSAGE)
    .min(1, PAGE_SIZE_MESSAGE)
    .max(sizeMax, PAGE_SIZE_MESSAGE)
    .default(sizeDefault),
});

/** An optional calendar day (YYYY-MM-DD, a real day) in a query, e.g. the ends of a date range filter. */
export const dayQueryField = () => z.string().refine(isIsoDay, 'Das Datum ist ungültig (JJJJ-MM-TT).').optional();
