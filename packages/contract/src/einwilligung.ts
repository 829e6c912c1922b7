import { z } from 'zod';
import { endpoint, operator, roles } from './common/endpoint.ts';
import { idParam } from './common/rules.ts';

/**
 * Consent records (DSGVO Art. 7(1): the platform must be able to show the consent). A patient consents at
 * registration to the video-therapy consent and the terms of use as they read at that moment; when an operator
 * publishes a changed text, the patient is asked again before booking or joining a session (docs/decisions.md).
 */

/** The content pages whose text a patient consents to (spec 2, registration: the consent checkbox). */
export const EINWILLIGUNG_SEITEN = ['einverstaendnis_videotherapie', 'nutzungsbestimmungen'] as const;
export type EinwilligungSeite = (typeof EINWILLIGUNG_SEITEN)[number];

/**
 * The consent a patient may withdraw on the profile: the video-therapy consent. The terms of use are an agreement,
 * not a consent; leaving them means deleting the account (docs/decisions.md, "Issue 31 items 8 and 10").
 */
export const WIDERRUFBARE_SEITE = 'einverstaendnis_videotherapie' satisfies EinwilligungSeite;

/**
 * Why an entry of the consent history was written: a consent (at registration, again after a change or a withdrawal)
 * or the withdrawal of the video-therapy consent (DSGVO Art. 7(3)).
 */
export const EINWILLIGUNG_ANLAESSE = ['REGISTRIERUNG', 'ERNEUT', 'WIDERRUF', 'NACH_WIDERRUF'] as const;
export type EinwilligungAnlass = (typeof EINWILLIGUNG_ANLAESSE)[number];

export const EINWILLIGUNG_TEXTS = {
  dialogTitel: 'Bitte stimmen Sie den geänderten Texten zu',
  dialogEinleitung:
    'Seit Ihrer letzten Zustimmung wurden die folgenden Texte geändert. Bitte lesen Sie die aktuelle Fassung. Termine buchen und an Videositzungen teilnehmen können Sie erst wieder, wenn Sie zugestimmt haben.',
  checkbox: 'Ich habe die aktuelle Fassung der genannten Texte gelesen und stimme ihr zu.',
  zustimmen: 'Zustimmen',
  abmelden: 'Abmelden',
  /** The server's refusal of booking and joining while a current text lacks consent. */
  fehlt:
    'Bitte stimmen Sie zuerst der aktuellen Fassung des Einverständnisses zur Videotherapie und der Nutzungsbestimmungen zu.',
  veraltet: 'Der Text wurde inzwischen geändert. Bitte lesen Sie die aktuelle Fassung und stimmen Sie erneut zu.',
  unbekannteSeite: 'Dieser Text erfordert keine Zustimmung.',
  ueberschrift: 'Einwilligungen',
  keine: 'Es sind keine Einwilligungen gespeichert.',
  spalteText: 'Text',
  spalteFassung: 'Fassung vom',
  spalteZugestimmt: 'Zugestimmt oder widerrufen am',
  spalteAnlass: 'Anlass',
  spalteStand: 'Stand',
  aktuell: 'aktuelle Fassung',
  aelter: 'ältere Fassung',
  patientUnbekannt: 'Der Patient wurde nicht gefunden.',
  /** Withdrawal on the own profile (issue 31 item 8). */
  widerrufen: 'Einwilligung widerrufen',
  widerrufTitel: 'Einwilligung zur Videotherapie widerrufen',
  widerrufFolgen:
    'Wenn Sie Ihre Einwilligung zur Videotherapie widerrufen, können Sie keine Termine mehr buchen und an keiner Videositzung mehr teilnehmen, bis Sie erneut einwilligen. Bereits gebuchte Termine bleiben bestehen; Sie können sie weiterhin stornieren. Der Widerruf gilt ab sofort, nicht rückwirkend, und wird in Ihren Einwilligungen vermerkt.',
  widerrufBestaetigen: 'Widerrufen',
  widerrufFehler: 'Der Widerruf konnte nicht gespeichert werden. Bitte versuchen Sie es später erneut.',
  nichtsZuWiderrufen: 'Sie haben derzeit keine Einwilligung zur Videotherapie erteilt, die Sie widerrufen könnten.',
  istWiderrufen:
    'Sie haben Ihre Einwilligung zur Videotherapie widerrufen. Termine buchen und an Videositzungen teilnehmen können Sie erst wieder, wenn Sie erneut einwilligen.',
  erneutEinwilligen: 'Erneut einwilligen',
  /** The consent dialog when the open text is a withdrawn consent, not a changed text. */
  widerrufDialogTitel: 'Einwilligung erneut erteilen',
  widerrufDialogEinleitung:
    'Sie haben Ihre Einwilligung zur Videotherapie widerrufen. Wenn Sie wieder Termine buchen und an Videositzungen teilnehmen möchten, lesen Sie bitte die aktuelle Fassung und stimmen Sie ihr zu.',
  spaeter: 'Später',
} as const;

export const EINWILLIGUNG_ANLASS_LABELS: Record<EinwilligungAnlass, string> = {
  REGISTRIERUNG: 'Registrierung',
  ERNEUT: 'Erneute Zustimmung nach Änderung',
  WIDERRUF: 'Widerruf',
  NACH_WIDERRUF: 'Erneute Zustimmung nach Widerruf',
};

/** A content-hash of a page's title and text: the same text gives the same value, any change another. */
const fassungRule = z.string().regex(/^[0-9a-f]{64}$/, EINWILLIGUNG_TEXTS.veraltet);

/** One text as it reads now, still waiting for the patient's consent. */
export const offeneFassungSchema = z.object({
  url: z.enum(EINWILLIGUNG_SEITEN),
  titel: z.string(),
  fassung: z.string(),
  /** When this text was published (the page's last change). */
  stand: z.string(),
  /** Open because the patient withdrew the consent (not because the text changed). */
  widerrufen: z.boolean(),
});
export type OffeneFassung = z.infer<typeof offeneFassungSchema>;

/** POST /einwilligung: the versions the patient read and consents to (exactly those shown). */
export const erteilenBodySchema = z.object({
  fassungen: z
    .array(
      z.object({
        url: z.enum(EINWILLIGUNG_SEITEN, { message: EINWILLIGUNG_TEXTS.unbekannteSeite }),
        fassung: fassungRule,
      }),
    )
    .min(1, EINWILLIGUNG_TEXTS.fehlt)
    .max(EINWILLIGUNG_SEITEN.length, EINWILLIGUNG_TEXTS.unbekannteSeite),
});
export type ErteilenBody = z.input<typeof erteilenBodySchema>;

/** One stored consent as the profile shows it. */
export const einwilligungSchema = z.object({
  id: z.number().int(),
  url: z.enum(EINWILLIGUNG_SEITEN),
  titel: z.string(),
  fassung: z.string(),
  stand: z.string(),
  erteiltAm: z.string(),
  anlass: z.enum(EINWILLIGUNG_ANLAESSE),
  /** Whether this is the text as it reads now. */
  aktuell: z.boolean(),
});
export type Einwilligung = z.infer<typeof einwilligungSchema>;

export const einwilligungPatientParamSchema = z.object({ patientId: idParam('Ungültige Patienten-ID.') });

const tag = 'Einwilligungen';
const patient = roles(['PATIENT']);

export const einwilligungEndpoints = {
  offen: endpoint({
    method: 'GET',
    path: '/einwilligung/offen',
    summary: 'Texte, deren aktuelle Fassung der eigenen Zustimmung noch bedarf',
    tag,
    access: patient,
    patientRecord: { kind: 'EINWILLIGUNG', action: 'LESEN', self: true },
    response: z.array(offeneFassungSchema),
    errors: [401, 403],
  }),
  erteilen: endpoint({
    method: 'POST',
    path: '/einwilligung',
    summary: 'Der aktuellen Fassung der genannten Texte zustimmen (409, wenn sich ein Text inzwischen geändert hat)',
    tag,
    access: patient,
    patientRecord: { kind: 'EINWILLIGUNG', action: 'SCHREIBEN', self: true },
    body: erteilenBodySchema,
    response: z.literal(true),
    errors: [400, 401, 403, 409],
  }),
  widerrufen: endpoint({
    method: 'POST',
    path: '/einwilligung/widerruf',
    summary:
      'Die eigene Einwilligung zur Videotherapie widerrufen: Buchen und Teilnehmen erst nach erneuter Zustimmung (409, wenn keine besteht)',
    tag,
    access: patient,
    patientRecord: { kind: 'EINWILLIGUNG', action: 'SCHREIBEN', self: true },
    response: z.literal(true),
    errors: [401, 403, 409],
  }),
  eigene: endpoint({
    method: 'GET',
    path: '/einwilligung',
    summary: 'Die eigenen gespeicherten Einwilligungen',
    tag,
    access: patient,
    patientRecord: { kind: 'EINWILLIGUNG', action: 'LESEN', self: true },
    response: z.array(einwilligungSchema),
    errors: [401, 403],
  }),
  desPatienten: endpoint({
    method: 'GET',
    path: '/einwilligung/patient/:patientId',
    summary: 'Die gespeicherten Einwilligungen eines Patienten (Betreiber mit BENUTZER_VERWALTEN)',
    tag,
    access: operator('BENUTZER_VERWALTEN'),
    patientRecord: {
      kind: 'EINWILLIGUNG',
      action: 'LESEN',
      patientParam: 'patientId',
      operatorPrivileges: ['BENUTZER_VERWALTEN'],
    },
    params: einwilligungPatientParamSchema,
    response: z.array(einwilligungSchema),
    errors: [400, 401, 403, 404],
  }),
};
