import { z } from 'zod';

/**
 * German names of zod's types: zod's own German locale leaves most of them English ("erwartet object, erhalten
 * string"), which a user cannot read.
 */
export const ZOD_TYPE_NAMES_DE: Readonly<Record<string, string>> = {
  string: 'Text',
  number: 'Zahl',
  int: 'ganze Zahl',
  bigint: 'ganze Zahl',
  nan: 'keine Zahl',
  boolean: 'Wahrheitswert',
  object: 'Objekt',
  record: 'Objekt',
  array: 'Liste',
  tuple: 'Liste',
  set: 'Menge',
  map: 'Zuordnung',
  date: 'Datum',
  file: 'Datei',
  function: 'Funktion',
  symbol: 'Symbol',
  promise: 'Promise',
  null: 'leerer Wert (null)',
  undefined: 'kein Wert',
  void: 'kein Wert',
  never: 'kein Wert',
  literal: 'fester Wert',
  enum: 'Auswahlwert',
  value: 'Wert',
};

const typeName = (name: string | undefined) => (name ? (ZOD_TYPE_NAMES_DE[name] ?? name) : 'Wert');

/** The type of a received value in zod's terms (null and arrays apart from objects, integers as numbers). */
function receivedType(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'number' && Number.isNaN(input)) return 'nan';
  if (input instanceof Date) return 'date';
  return typeof input;
}

/** The words of a size rule by the checked type: too many / too few, and the unit. */
const SIZES: Readonly<Record<string, { big: string; small: string; unit: string }>> = {
  string: { big: 'Zu lang', small: 'Zu kurz', unit: ' Zeichen' },
  array: { big: 'Zu viele Elemente', small: 'Zu wenige Elemente', unit: '' },
  set: { big: 'Zu viele Elemente', small: 'Zu wenige Elemente', unit: '' },
  map: { big: 'Zu viele Elemente', small: 'Zu wenige Elemente', unit: '' },
  file: { big: 'Zu groß', small: 'Zu klein', unit: ' Bytes' },
};

const german = z.locales.de().localeError;

type Issue = Parameters<NonNullable<typeof german>>[0];

/** Zod's German messages with German type names, for every rule that has no message of its own. */
export function germanZodError(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return `Pflichtangabe fehlt: erwartet ${typeName(issue.expected)}.`;
      return `Ungültige Eingabe: erwartet ${typeName(issue.expected)}, erhalten ${typeName(receivedType(issue.input))}.`;
    }
    case 'too_big':
    case 'too_small': {
      const big = issue.code === 'too_big';
      const limit = String(big ? issue.maximum : issue.minimum);
      const size = SIZES[issue.origin ?? ''] ?? { big: 'Zu groß', small: 'Zu klein', unit: '' };
      const bound = big ? (issue.inclusive ? 'höchstens' : 'weniger als') : issue.inclusive ? 'mindestens' : 'mehr als';
      return `${big ? size.big : size.small}: ${bound} ${limit}${size.unit}.`;
    }
    case 'invalid_key':
      return `Ungültiger Schlüssel in ${typeName(issue.origin)}.`;
    case 'invalid_element':
      return `Ungültiger Wert in ${typeName(issue.origin)}.`;
    default: {
      const message = german?.(issue);
      return typeof message === 'string' ? message : message?.message;
    }
  }
}

/** Import once per process. */
z.config({ localeError: germanZodError });
