import type { Termintyp } from '@dihs/contract/termin';
import { fragebogenQuestionnaireUrl } from '../fragebogen/index.ts';

/**
 * Code systems and codes of the FHIR export (docs/fhir.md, "Codesysteme"). The platform's own systems live under the
 * installation's public address: each installation assigns its own numbers, so its address names the assigner.
 */

export const LOINC = 'http://loinc.org';
export const SNOMED = 'http://snomed.info/sct';

/** LOINC 72514-3: Pain severity - 0-10 verbal numeric rating [Score] - Reported. */
export const LOINC_SCHMERZSTAERKE = {
  system: LOINC,
  code: '72514-3',
  display: 'Pain severity - 0-10 verbal numeric rating [Score] - Reported',
};
/** LOINC 59284-0: Patient Consent (the consent category the FHIR R4 examples use). */
export const LOINC_EINWILLIGUNG = { system: LOINC, code: '59284-0', display: 'Patient Consent' };
/** LOINC 11506-3: Progress note (provider-unspecified): an entry of the therapists' documentation. */
export const LOINC_VERLAUFSNOTIZ = { system: LOINC, code: '11506-3', display: 'Progress note' };
/** SNOMED CT 22253000 |Pain (finding)|: a point of the anamnesis body image. */
export const SNOMED_SCHMERZ = { system: SNOMED, code: '22253000', display: 'Pain' };

/** The platform's own identifier and code systems below PUBLIC_URL (documented in docs/fhir.md). */
export const eigeneSysteme = (publicUrl: string) => {
  const site = publicUrl.replace(/\/+$/, '');
  const base = `${site}/fhir`;
  return {
    /** A content page of the platform (the consent texts' pages). */
    seite: (url: string) => `${site}/${url}`,
    benutzer: `${base}/sid/benutzer`,
    firma: `${base}/sid/firma`,
    termin: `${base}/sid/termin`,
    fragebogen: `${base}/sid/patient-fragebogen`,
    trainingsplan: `${base}/sid/trainingsplan`,
    rezept: `${base}/sid/rezept`,
    einwilligung: `${base}/sid/einwilligung`,
    dokumentation: `${base}/sid/dokumentation`,
    termintyp: `${base}/CodeSystem/termintyp`,
    /** Canonical URLs of the questionnaires: Questionnaire.url, QuestionnaireResponse.questionnaire. */
    fragebogenDefinition: (definitionId: number) => fragebogenQuestionnaireUrl(publicUrl, definitionId),
    anamnese: `${base}/Questionnaire/anamnese`,
    anamneseAntwort: `${base}/CodeSystem/anamnese-antwort`,
  };
};
export type EigeneSysteme = ReturnType<typeof eigeneSysteme>;

/** Appointment.serviceType: the platform's appointment types (own code system, German display). */
export const TERMINTYP_ANZEIGE: Record<Termintyp, string> = {
  EINZEL: 'Einzeltermin (Video)',
  GRUPPE: 'Gruppentermin (Video)',
  TELEFON: 'Telefontermin',
  ANAMNESE: 'Anamnesetermin',
  BEFUND: 'Befundtermin',
};

/**
 * SNOMED CT body structures of the anamnesis body image's regions (keys of KOERPER_REGIONEN without the side
 * suffix, per side of the figure). Laterality (links/rechts) is kept in the text, not post-coordinated. Regions
 * without a code here are exported with their German name only. Table: docs/fhir.md.
 */
type SnomedCode = { code: string; display: string };

/** The regions the figure's front and back share. */
const BEIDE_SEITEN: Record<string, SnomedCode> = {
  kopf: { code: '69536005', display: 'Head structure' },
  hals: { code: '45048000', display: 'Neck structure' },
  schulter: { code: '16982005', display: 'Shoulder region structure' },
  oberarm: { code: '40983000', display: 'Structure of upper limb between shoulder and elbow' },
  unterarm: { code: '14975008', display: 'Forearm structure' },
  hand: { code: '85562004', display: 'Hand structure' },
  oberschenkel: { code: '68367000', display: 'Thigh structure' },
  knie: { code: '72696002', display: 'Knee region structure' },
};

export const SNOMED_KOERPERREGION: Record<'VORNE' | 'HINTEN', Record<string, SnomedCode>> = {
  VORNE: {
    ...BEIDE_SEITEN,
    brust: { code: '51185008', display: 'Thoracic structure' },
    // 818983003, not 113345001: since 2019/2020 SNOMED CT gives 113345001 the meaning abdominopelvic structure
    // (pelvis included) and names 818983003 as the concept for the clinical "abdomen" (docs/fhir.md)
    bauch: { code: '818983003', display: 'Abdomen' },
    leiste: { code: '12921003', display: 'Pelvic structure' },
    // the front of the lower leg is the shin, as the back is the calf
    unterschenkel: { code: '78234002', display: 'Shin structure' },
    fuss: { code: '56459004', display: 'Foot structure' },
  },
  // the back's regions carry the front's keys (the figure's layout): chest is the back, belly the lower back
  HINTEN: {
    ...BEIDE_SEITEN,
    brust: { code: '77568009', display: 'Structure of back of trunk' },
    bauch: { code: '37822005', display: 'Lower back structure' },
    leiste: { code: '46862004', display: 'Buttock structure' },
    unterschenkel: { code: '53840002', display: 'Structure of calf of leg' },
    fuss: { code: '76853006', display: 'Heel structure' },
  },
};
