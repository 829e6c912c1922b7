import { z } from 'zod';
import { endpoint, operator, roles, type PatientRecordKind } from './common/endpoint.ts';
import { ROLES } from './common/roles.ts';
import { dayQueryField, MAX_LENGTH_MESSAGE, pageQueryFields } from './common/rules.ts';

/**
 * The audit log of patient records (issue 18 item 10; DSGVO Art. 32): who read or wrote which kind of whose record,
 * when, from where, with which outcome; never the content. Operators with ZUGRIFFSPROTOKOLL_LESEN read it, patients
 * see who accessed their records.
 */

export const PATIENT_RECORD_KINDS = [
  'PROFIL',
  'DOKUMENTATION',
  'GUTHABEN',
  'TERMINE',
  'ABO',
  'REZEPT',
  'FRAGEBOGEN',
  'ANAMNESE',
  'TRAINING',
  'EINWILLIGUNG',
  'EXPORT',
] as const satisfies readonly PatientRecordKind[];

export const PROTOKOLL_AKTIONEN = ['LESEN', 'SCHREIBEN'] as const;
export type ProtokollAktion = (typeof PROTOKOLL_AKTIONEN)[number];

/** erlaubt: admitted and answered; verweigert: refused by the need-to-know check; fehlgeschlagen: admitted, then failed. */
export const PROTOKOLL_ERGEBNISSE = ['ERLAUBT', 'VERWEIGERT', 'FEHLGESCHLAGEN'] as const;
export type ProtokollErgebnis = (typeof PROTOKOLL_ERGEBNISSE)[number];

export const PROTOKOLL_TEXTS = {
  titel: 'Zugriffsprotokoll',
  patientenTitel: 'Zugriffe auf Ihre Daten',
  patientenHinweis:
    'Hier sehen Sie, wer aus dem Praxisteam wann auf welche Ihrer Daten zugegriffen hat. Inhalte werden nicht protokolliert.',
  keineEintraege: 'Keine Einträge gefunden.',
  keineZugriffe: 'Bisher hat niemand außer Ihnen auf Ihre Daten zugegriffen.',
  patient: 'Patient',
  benutzer: 'Benutzer',
  von: 'Von',
  bis: 'Bis',
  zeitpunkt: 'Zeitpunkt',
  wer: 'Wer',
  rolle: 'Rolle',
  art: 'Daten',
  aktion: 'Zugriff',
  ergebnis: 'Ergebnis',
  adresse: 'Adresse',
  datensatz: 'Datensatz',
  filtern: 'Filtern',
  zuruecksetzen: 'Zurücksetzen',
  unbekannt: 'Unbekannt',
  geloescht: 'Gelöschter Patient',
  datumsbereich: 'Das Enddatum liegt vor dem Anfangsdatum.',
} as const;

export const PROTOKOLL_AKTION_LABELS: Record<ProtokollAktion, string> = { LESEN: 'Gelesen', SCHREIBEN: 'Geändert' };
export const PROTOKOLL_ERGEBNIS_LABELS: Record<ProtokollErgebnis, string> = {
  ERLAUBT: 'Erlaubt',
  VERWEIGERT: 'Verweigert',
  FEHLGESCHLAGEN: 'Fehlgeschlagen',
};

export const PROTOKOLL_LIMITS = { suche: 100, pageSizeMax: 100 } as const;

const dayQuery = dayQueryField();
const sucheQuery = z.string().trim().max(PROTOKOLL_LIMITS.suche, MAX_LENGTH_MESSAGE).optional();
const pageQuery = pageQueryFields(PROTOKOLL_LIMITS.pageSizeMax, 25);

/**
 * GET /protokoll/betreiber: patient and user match name or e-mail (part of it, any case); von/bis are Berlin
 * calendar days, inclusive; newest first, paged.
 */
export const protokollQuerySchema = z
  .object({ patient: sucheQuery, benutzer: sucheQuery, von: dayQuery, bis: dayQuery, ...pageQuery })
  .superRefine((q, ctx) => {
    if (q.von && q.bis && q.bis < q.von)
      ctx.addIssue({ code: 'custom', path: ['bis'], message: PROTOKOLL_TEXTS.datumsbereich });
  });
export type ProtokollQuery = z.input<typeof protokollQuerySchema>;

/** GET /protokoll/patient/meine: paged, newest first. */
export const eigeneZugriffeQuerySchema = z.object(pageQuery);
export type EigeneZugriffeQuery = z.input<typeof eigeneZugriffeQuerySchema>;

const personSchema = z.object({
  userId: z.number().int().nullable(),
  vorname: z.string().nullable(),
  nachname: z.string().nullable(),
  email: z.string().nullable(),
});

export const protokollEintragSchema = z.object({
  id: z.number().int(),
  /** ISO instant. */
  zeitpunkt: z.string(),
  akteur: personSchema,
  akteurRolle: z.enum(ROLES),
  /** Null once the patient was erased (the entry stays, anonymised). */
  patient: personSchema,
  art: z.enum(PATIENT_RECORD_KINDS),
  aktion: z.enum(PROTOKOLL_AKTIONEN),
  datensatzId: z.number().int().nullable(),
  /** Method and route pattern, e.g. "GET /api/dokumentation/:patientId". */
  endpunkt: z.string(),
  adresse: z.string().nullable(),
  ergebnis: z.enum(PROTOKOLL_ERGEBNISSE),
  status: z.number().int(),
});
export type ProtokollEintrag = z.infer<typeof protokollEintragSchema>;

export const protokollSeiteSchema = z.object({
  eintraege: z.array(protokollEintragSchema),
  gesamt: z.number().int(),
});
export type ProtokollSeite = z.infer<typeof protokollSeiteSchema>;

/** What a patient sees of an access to their records: who (staff only, never other patients), which kind, when. */
export const eigenerZugriffSchema = z.object({
  id: z.number().int(),
  zeitpunkt: z.string(),
  vorname: z.string().nullable(),
  nachname: z.string().nullable(),
  rolle: z.enum(ROLES),
  art: z.enum(PATIENT_RECORD_KINDS),
  aktion: z.enum(PROTOKOLL_AKTIONEN),
});
export type EigenerZugriff = z.infer<typeof eigenerZugriffSchema>;
export const eigeneZugriffeSchema = z.object({ eintraege: z.array(eigenerZugriffSchema), gesamt: z.number().int() });
export type EigeneZugriffe = z.infer<typeof eigeneZugriffeSchema>;

const errors = [400, 401, 403] as const;
const tag = 'Zugriffsprotokoll';

export const protokollEndpoints = {
  liste: endpoint({
    method: 'GET',
    path: '/protokoll/betreiber',
    summary: 'Zugriffsprotokoll der Patientendaten (Filter Patient, Benutzer, Zeitraum; neueste zuerst, seitenweise)',
    tag,
    access: operator('ZUGRIFFSPROTOKOLL_LESEN'),
    query: protokollQuerySchema,
    response: protokollSeiteSchema,
    errors,
  }),
  eigene: endpoint({
    method: 'GET',
    path: '/protokoll/patient/meine',
    summary: 'Wer hat wann auf welche meiner Daten zugegriffen (ohne eigene Zugriffe)',
    tag,
    access: roles(['PATIENT']),
    query: eigeneZugriffeQuerySchema,
    response: eigeneZugriffeSchema,
    errors,
  }),
};
export type ProtokollEndpoints = typeof protokollEndpoints;
