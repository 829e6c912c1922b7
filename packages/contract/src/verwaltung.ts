import { z } from 'zod';
import { endpoint, LOGIN, operator } from './common/endpoint.ts';
import { COCKPIT_SETTING_LABELS, COCKPIT_SETTINGS, parseCockpitKacheln } from './dashboard.ts';

/** Application settings (spec 3 "Operator tools: Application settings", section 3 "Setting entry"). */

/** Known types; every other type is a general setting ("Sonstige Einstellungen"). */
export const VERWALTUNG_TYPEN = { befund: 'BEFUND', einzelterminInhalt: 'EINZELTERMIN_INHALT' } as const;

export const VERWALTUNG_LIMITS = { type: 60, value: 5000 } as const;

export const VERWALTUNG_MESSAGES = {
  typLeer: 'Der Typ darf nicht leer sein.',
  typZeichen: 'Der Typ darf nur Großbuchstaben, Ziffern und Unterstriche enthalten.',
  wertLeer: 'Der Wert darf nicht leer sein.',
  maxLaenge: 'Maximale Länge beachten',
  befundLaenge: 'Ein Befund hat höchstens 30 Zeichen.',
  unbekannt: 'Unbekannte Einstellung.',
  unbekannterTyp: 'Diese Einstellung kennt die Plattform nicht. Bitte eine der vorhandenen Einstellungen ändern.',
  speichernFehler: 'Fehler beim Speichern',
  betrag: 'Bitte einen Betrag in Euro angeben, z. B. 25,00 (höchstens 100.000,00).',
  doppelt: 'Diese Einstellung gibt es schon.',
} as const;

/**
 * A euro amount as the operator types it ("25,00", "25", "1.234,50") in cents; null unless positive and at most
 * 100.000,00 €. Parsed once when saved: typed settings are stored as cents.
 */
export function parseEuroText(text: string): number | null {
  const match = /^(\d{1,3}(?:\.\d{3})*|\d+)(?:,(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const total = Number(match[1]!.replace(/\./g, '')) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
  return Number.isSafeInteger(total) && total > 0 && total <= 100_000_00 ? total : null;
}

/** Cents as the settings screen shows them: "1.234,50" (no currency sign, as the operator types it). */
export function formatEuroText(cents: number): string {
  const euros = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${euros},${String(cents % 100).padStart(2, '0')}`;
}

/** A price setting: integer cents, stored in the entry's cents column. */
const priceCents = z.number().int().positive().max(100_000_00);

/**
 * The typed settings (all prices today): each key's stored value is validated by its schema (server: `getSetting`). The screen still
 * shows and accepts text; the save converts it once (`parseEuroText`), so no read parses text.
 */
export const TYPED_SETTINGS = {
  TERMINPREIS_EINZEL: priceCents,
  TERMINPREIS_GRUPPE: priceCents,
  TERMINPREIS_BEFUND: priceCents,
  TERMINPREIS_ANAMNESE: priceCents,
  TERMINPREIS_TELEFON: priceCents,
} as const;
export type SettingKey = keyof typeof TYPED_SETTINGS;

/** A known setting: its German name on the screen and a line that says what it does and how to fill it in. */
export interface SettingInfo {
  label: string;
  help: string;
}

const price = (termin: string): SettingInfo => ({
  label: `Preis ${termin} (Kartenzahlung)`,
  help: `Betrag in Euro inkl. MwSt., den eine Kartenzahlung für einen ${termin} kostet, z. B. 25,00. Ohne Preis ist dieser Termin nicht mit Karte bezahlbar.`,
});

/**
 * Every setting the platform knows (issue 15: "settings are typed, unknown keys refused"). Only these keys are saved;
 * an entry stored under another key before stays visible and can be deleted, not re-saved.
 */
export const SETTINGS_CATALOG: Record<string, SettingInfo> = {
  [VERWALTUNG_TYPEN.befund]: {
    label: 'Befund',
    help: 'Ein Befund, den Termine und die Terminsuche anbieten (höchstens 30 Zeichen).',
  },
  [VERWALTUNG_TYPEN.einzelterminInhalt]: {
    label: 'Einzeltermin-Inhalt',
    help: 'Ein Inhalt, der für Einzeltermine zur Auswahl steht.',
  },
  TERMIN_HINWEIS: {
    label: 'Hinweis zur Terminvorbereitung',
    help: 'Was Patientinnen und Patienten für ihren Termin bereithalten sollen.',
  },
  SUPPORT_TEXT: {
    label: 'Hinweis zum technischen Support',
    help: 'Wann und wie Patientinnen und Patienten bei technischen Problemen Hilfe erhalten.',
  },
  [COCKPIT_SETTINGS.kacheln]: { label: 'Cockpit-Kacheln', help: COCKPIT_SETTING_LABELS.COCKPIT_KACHELN },
  [COCKPIT_SETTINGS.text]: { label: 'Cockpit-Hinweistext', help: COCKPIT_SETTING_LABELS.COCKPIT_TEXT },
  TERMINPREIS_EINZEL: price('Einzeltermin'),
  TERMINPREIS_GRUPPE: price('Gruppentermin'),
  TERMINPREIS_BEFUND: price('Befundtermin'),
  TERMINPREIS_ANAMNESE: price('Anamnesetermin'),
  TERMINPREIS_TELEFON: price('Telefontermin'),
} satisfies Record<SettingKey, SettingInfo> & Record<string, SettingInfo>;

/** The catalog entry of a key; an unknown key (stored before the catalog) shows as itself. */
export const settingInfo = (type: string): SettingInfo =>
  Object.hasOwn(SETTINGS_CATALOG, type) ? SETTINGS_CATALOG[type]! : { label: type, help: '' };
export type SettingValue<K extends SettingKey> = z.output<(typeof TYPED_SETTINGS)[K]>;
export const isTypedSetting = (type: string): type is SettingKey => Object.hasOwn(TYPED_SETTINGS, type);

export const verwaltungEintragSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  value: z.string(),
});
export type VerwaltungEintrag = z.infer<typeof verwaltungEintragSchema>;
export const verwaltungListSchema = z.array(verwaltungEintragSchema);

/** POST /betreiber/verwaltung/save: without id a new entry; a Befund is at most 30 characters (the form's limit). */
export const verwaltungSaveBodySchema = z
  .object({
    id: z.number().int().positive().max(2_147_483_647).nullable().optional(),
    type: z
      .string({ message: VERWALTUNG_MESSAGES.typLeer })
      .trim()
      .min(1, VERWALTUNG_MESSAGES.typLeer)
      .max(VERWALTUNG_LIMITS.type, VERWALTUNG_MESSAGES.maxLaenge)
      .regex(/^[A-Z0-9_]+$/, VERWALTUNG_MESSAGES.typZeichen),
    value: z
      .string({ message: VERWALTUNG_MESSAGES.wertLeer })
      .trim()
      .min(1, VERWALTUNG_MESSAGES.wertLeer)
      .max(VERWALTUNG_LIMITS.value, VERWALTUNG_MESSAGES.maxLaenge),
  })
  .superRefine((entry, ctx) => {
    if (/^[A-Z0-9_]+$/.test(entry.type) && !Object.hasOwn(SETTINGS_CATALOG, entry.type)) {
      ctx.addIssue({ code: 'custom', path: ['type'], message: VERWALTUNG_MESSAGES.unbekannterTyp });
    }
    if (entry.type === VERWALTUNG_TYPEN.befund && entry.value.length > 30) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: VERWALTUNG_MESSAGES.befundLaenge });
    }
    if (isTypedSetting(entry.type) && parseEuroText(entry.value) === null) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: VERWALTUNG_MESSAGES.betrag });
    }
    if (entry.type === COCKPIT_SETTINGS.kacheln) {
      const parsed = parseCockpitKacheln(entry.value);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', path: ['value'], message: parsed.message });
    }
  });
export type VerwaltungSaveBody = z.input<typeof verwaltungSaveBodySchema>;

/** POST /betreiber/verwaltung/delete: the entry (only its id counts). */
export const verwaltungDeleteBodySchema = z.object({
  id: z.number({ message: VERWALTUNG_MESSAGES.unbekannt }).int().positive().max(2_147_483_647),
});

/** POST /betreiber/verwaltung/delete: the id of the removed entry. */
export const verwaltungDeleteResponseSchema = z.object({ id: z.number().int() });

const tag = 'Verwaltung';
const errors = [400, 401, 403, 404] as const;
const admin = operator('ANWENDUNG_VERWALTEN');
// The two lists feed the appointment form, so appointment editors read them too.
const listReader = operator('ANWENDUNG_VERWALTEN', 'TERMINE_EDITIEREN');

export const verwaltungEndpoints = {
  befunde: endpoint({
    method: 'GET',
    path: '/betreiber/verwaltung/Befunde/get',
    summary: 'Befunde',
    tag,
    access: listReader,
    response: verwaltungListSchema,
    errors,
  }),
  // the Befund names only (no ids, nothing else): every plan's Befund filter offers the whole list (issue 15)
  befundNamen: endpoint({
    method: 'GET',
    path: '/verwaltung/Befunde/namen',
    summary: 'Namen der Befunde für die Terminfilter',
    tag,
    access: LOGIN,
    response: z.array(z.string()),
    errors: [401],
  }),
  inhalte: endpoint({
    method: 'GET',
    path: '/betreiber/verwaltung/Einzeltermine/Inhalte/get',
    summary: 'Einzeltermin-Inhalte',
    tag,
    access: listReader,
    response: verwaltungListSchema,
    errors,
  }),
  sonstige: endpoint({
    method: 'GET',
    path: '/betreiber/verwaltung/Sonstige/get',
    summary: 'Sonstige Einstellungen',
    tag,
    access: admin,
    response: verwaltungListSchema,
    errors,
  }),
  speichern: endpoint({
    method: 'POST',
    path: '/betreiber/verwaltung/save',
    summary: 'Einstellung speichern (ohne id neu)',
    tag,
    access: admin,
    body: verwaltungSaveBodySchema,
    response: verwaltungEintragSchema,
    errors: [...errors, 409],
  }),
  loeschen: endpoint({
    method: 'POST',
    path: '/betreiber/verwaltung/delete',
    summary: 'Einstellung löschen',
    tag,
    access: admin,
    body: verwaltungDeleteBodySchema,
    response: verwaltungDeleteResponseSchema,
    errors,
  }),
};
