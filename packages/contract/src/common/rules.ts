import { z } from 'zod';
import { LIMITS } from './constants.ts';

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

export const vornameRule = z
  .string()
  .min(1, 'Vorname darf nicht leer sein.')
  .max(LIMITS.vorname, MAX_LENGTH_MESSAGE)
  .regex(NAME_CHARS, 'Vorname enthält unzulässige Zeichen.');

export const nachnameRule = z
  .string()
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
export const pflichtDatumRule = z.string().min(1, 'Das Datum darf nicht leer sein.');
