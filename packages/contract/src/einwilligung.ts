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

/** Why a consent was given. */
export const EINWILLIGUNG_ANLAESSE = ['REGISTRIERUNG', 'ERNEUT'] as const;
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
  spalteZugestimmt: 'Zugestimmt am',
  spalteAnlass: 'Anlass',
  spalteStand: 'Stand',
  aktuell: 'aktuelle Fassung',
  aelter: 'ältere Fassung',
  patientUnbekannt: 'Der Patient wurde nicht gefunden.',
} as const;

export const EINWILLIGUNG_ANLASS_LABELS: Record<EinwilligungAnlass, string> = {
  REGISTRIERUNG: 'Registrierung',
  ERNEUT: 'Erneute Zustimmung nach Änderung',
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
