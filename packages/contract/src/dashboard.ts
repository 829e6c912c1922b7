import { z } from 'zod';
import { endpoint, roles } from './common/endpoint.ts';

/**
 * The patient's cockpit (spec 3 "Patient dashboard (Cockpit)", sections 2, 7, 9): GET /dashboard answers the tiles,
 * each with icon, link, size and its descriptive object. The modules that own the data build their tiles (server:
 * the descriptors' `dashboardTiles`); the dashboard module puts them in DASHBOARD_ORDER.
 */

/** The tile kinds of the spec, in the order the cockpit shows them (several tiles of one kind keep their order). */
export const DASHBOARD_KINDS = [
  'greeting',
  'timeBox',
  'nextTermin',
  'termin',
  'personalTile',
  'termineUndLeistungen',
  'firma',
  'leftText',
  'staticTile',
] as const;
export type DashboardKind = (typeof DASHBOARD_KINDS)[number];

/** The symbols a tile may show; the web maps each to an icon. Operators choose one for their own tiles. */
export const DASHBOARD_ICONS = [
  'gruss',
  'uhr',
  'termin',
  'video',
  'warenkorb',
  'guthaben',
  'abo',
  'firma',
  'training',
  'aufgabe',
  'info',
  'kontakt',
  'dokument',
  'link',
] as const;
export type DashboardIcon = (typeof DASHBOARD_ICONS)[number];

/** Columns a tile spans: 1, or 2 where there are more than two columns. */
const size = z.union([z.literal(1), z.literal(2)]);

/** A route of the app ('/patient/termine') or an outside address (https://, for company links and operator tiles). */
const link = z.string();

const base = { id: z.string(), icon: z.enum(DASHBOARD_ICONS), link, size };

/** A count of one credit or allowance kind, labelled in German (CREDIT_KIND_LABELS). */
const anzahlSchema = z.object({ label: z.string(), anzahl: z.number().int() });

export const dashboardTileSchema = z.discriminatedUnion('kind', [
  /** Greeting with the patient's name; the web adds the time of day and the clock. */
  z.object({ ...base, kind: z.literal('greeting'), name: z.string() }),
  /** Today's date and calendar week; the web keeps it current every minute. */
  z.object({ ...base, kind: z.literal('timeBox') }),
  /**
   * The next booked appointment (null: none booked; the link then books one). Inside its session window the
   * tile links to `sitzungLink` ("Sitzung beitreten").
   */
  z.object({
    ...base,
    kind: z.literal('nextTermin'),
    termin: z
      .object({
        id: z.number().int(),
        /** ISO instant of the start. */
        datum: z.string(),
        /** Minutes. */
        dauer: z.number().int(),
        termintyp: z.string(),
        /** Type label and Befund, as the appointment plan shows them. */
        titel: z.string(),
        therapeutName: z.string(),
        sitzungLink: z.string(),
      })
      .nullable(),
  }),
  /** An open booking (cart) that still holds seats and credit until `ablauf`. */
  z.object({
    ...base,
    kind: z.literal('termin'),
    anzahlTermine: z.number().int(),
    /** ISO instant when the cart is released unless paid. */
    ablauf: z.string(),
  }),
  /** One personal item: today's training plan (with progress) or an open task (anamnesis, questionnaire, prescription). */
  z.object({
    ...base,
    kind: z.literal('personalTile'),
    titel: z.string(),
    text: z.string(),
    fortschritt: z.object({ erledigt: z.number().int(), gesamt: z.number().int() }).nullable(),
  }),
  /** Credit balances, or the subscription with what is left of it this quarter (null: none). */
  z.object({
    ...base,
    kind: z.literal('termineUndLeistungen'),
    leistung: z.discriminatedUnion('bereich', [
      z.object({ bereich: z.literal('GUTHABEN'), guthaben: z.array(anzahlSchema) }),
      z.object({
        bereich: z.literal('ABO'),
        abo: z
          .object({
            paket: z.string(),
            status: z.string(),
            /** What is left of the subscription's allowances until `bis` (the next booking interval). */
            rest: z.array(anzahlSchema),
            bis: z.string().nullable(),
          })
          .nullable(),
      }),
    ]),
  }),
  /** The patient's company with its logo (a path of our own site) and link. */
  z.object({
    ...base,
    kind: z.literal('firma'),
    bezeichner: z.string(),
    logoPath: z.string().nullable(),
    /** Open the link in a new tab (the company's setting). */
    neuerTab: z.boolean(),
  }),
  /** The operator's text for patients (setting COCKPIT_TEXT). */
  z.object({ ...base, kind: z.literal('leftText'), text: z.string() }),
  /** A tile configured by the operator (setting COCKPIT_KACHELN). */
  z.object({ ...base, kind: z.literal('staticTile'), titel: z.string(), text: z.string() }),
]);
export type DashboardTile = z.infer<typeof dashboardTileSchema>;
export type DashboardTileOf<K extends DashboardKind> = Extract<DashboardTile, { kind: K }>;
export const dashboardSchema = z.array(dashboardTileSchema);

/**
 * Columns of the cockpit by the window's width in CSS pixels (spec 3 section 2): 1 up to 600, 2 up to 960, 3 up to
 * 1248, 4 up to 1888, 5 above. "Up to" includes the bound.
 */
export function dashboardColumns(width: number): 1 | 2 | 3 | 4 | 5 {
  if (width <= 600) return 1;
  if (width <= 960) return 2;
  if (width <= 1248) return 3;
  if (width <= 1888) return 4;
  return 5;
}

/** "Guten Morgen" until 11:00, "Guten Tag" until 18:00, else "Guten Abend" (hour of the day in Berlin, 0–23). */
export function begruessung(stunde: number): string {
  if (stunde >= 5 && stunde < 11) return 'Guten Morgen';
  if (stunde >= 11 && stunde < 18) return 'Guten Tag';
  return 'Guten Abend';
}

/** The settings the operator configures the cockpit with (verwaltung, "Sonstige Einstellungen"). */
export const COCKPIT_SETTINGS = { kacheln: 'COCKPIT_KACHELN', text: 'COCKPIT_TEXT' } as const;

/** The help lines of the two settings (the settings catalog in verwaltung.ts shows them under the field). */
export const COCKPIT_SETTING_LABELS: Record<(typeof COCKPIT_SETTINGS)[keyof typeof COCKPIT_SETTINGS], string> = {
  COCKPIT_KACHELN:
    'Eigene Kacheln im Cockpit der Patientinnen und Patienten, eine je Zeile als „Titel | Text | Link | Symbol“. Link: eine Adresse der Plattform (/faq) oder https://…; Symbol (optional): ' +
    DASHBOARD_ICONS.join(', '),
  COCKPIT_TEXT: 'Hinweistext im Cockpit der Patientinnen und Patienten; die Kachel führt zur Kontaktseite.',
};

export interface CockpitKachel {
  titel: string;
  text: string;
  link: string;
  icon: DashboardIcon;
}

const KACHEL_LINK = /^(https:\/\/\S+|\/(?!\/)\S*)$/;
const KACHEL_TITEL_MAX = 60;
const KACHEL_TEXT_MAX = 300;

/**
 * Parses the setting COCKPIT_KACHELN: one tile per non-empty line, "Titel | Text | Link | Symbol" (the symbol may be
 * left out: "info"). Answers the tiles, or the German message naming the first bad line.
 */
export function parseCockpitKacheln(
  value: string,
): { ok: true; kacheln: CockpitKachel[] } | { ok: false; message: string } {
  const kacheln: CockpitKachel[] = [];
  const lines = value.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    if (!line.trim()) continue;
    const zeile = `Zeile ${index + 1}`;
    const parts = line.split('|').map((part) => part.trim());
    if (parts.length < 3 || parts.length > 4) {
      return { ok: false, message: `${zeile}: Bitte „Titel | Text | Link | Symbol“ angeben (Symbol optional).` };
    }
    const [titel = '', text = '', link = '', icon = 'info'] = parts;
    if (!titel || titel.length > KACHEL_TITEL_MAX) {
      return { ok: false, message: `${zeile}: Der Titel ist leer oder länger als ${KACHEL_TITEL_MAX} Zeichen.` };
    }
    if (text.length > KACHEL_TEXT_MAX) {
      return { ok: false, message: `${zeile}: Der Text ist länger als ${KACHEL_TEXT_MAX} Zeichen.` };
    }
    if (!KACHEL_LINK.test(link)) {
      return { ok: false, message: `${zeile}: Der Link muss mit / (Seite der Plattform) oder https:// beginnen.` };
    }
    if (!(DASHBOARD_ICONS as readonly string[]).includes(icon)) {
      return { ok: false, message: `${zeile}: Unbekanntes Symbol „${icon}“. Erlaubt: ${DASHBOARD_ICONS.join(', ')}.` };
    }
    kacheln.push({ titel, text, link, icon: icon as DashboardIcon });
  }
  return { ok: true, kacheln };
}

/** The German texts of the cockpit (spec 3 gives none beyond "Sitzung beitreten"). */
export const DASHBOARD_TEXTS = {
  ueberschrift: 'Cockpit',
  sitzungBeitreten: 'Sitzung beitreten',
  naechsterTermin: 'Ihr nächster Termin',
  keinTermin: 'Kein Termin gebucht',
  terminBuchen: 'Termin buchen',
  offeneBuchung: 'Offene Buchung',
  guthaben: 'Ihr Guthaben',
  keinGuthaben: 'Kein Guthaben vorhanden',
  guthabenKaufen: 'Guthaben kaufen',
  abo: 'Ihr Abo',
  keinAbo: 'Kein Abo gebucht',
  aboBuchen: 'Abo buchen',
  firma: 'Ihr Arbeitgeber',
  hinweis: 'Hinweis',
  datum: 'Heute',
  laden: 'Cockpit wird geladen …',
  fehler: 'Das Cockpit konnte nicht geladen werden.',
} as const;

const tag = 'Dashboard';

export const dashboardEndpoints = {
  kacheln: endpoint({
    method: 'GET',
    path: '/dashboard',
    summary: 'Die Kacheln des eigenen Cockpits',
    tag,
    access: roles(['PATIENT']),
    // the next appointment, credit or subscription, today's exercises
    reads: ['TERMINPLAN', 'GUTHABEN', 'ABO', 'TRAINING'],
    // the tiles summarise the patient's own records (appointments, credit, training, open tasks): audited as a read
    patientRecord: { kind: 'PROFIL', action: 'LESEN', self: true },
    response: dashboardSchema,
    errors: [401, 403],
  }),
};
