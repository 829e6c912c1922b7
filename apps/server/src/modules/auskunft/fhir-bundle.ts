import { createHash } from 'node:crypto';
import type {
  Appointment,
  Bundle,
  BundleEntry,
  CarePlan,
  CarePlanActivity,
  Consent,
  DocumentReference,
  Observation,
  Organization,
  Patient,
  Practitioner,
  PractitionerRole,
  Questionnaire,
  QuestionnaireItem,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  QuestionnaireResponseItemAnswer,
  Reference,
  Resource,
} from '@medplum/fhirtypes';
import {
  ANAMNESE_LABELS,
  SCHMERZ_ARTEN,
  SCHMERZEN_LABELS,
  SEIT_WANN_LABELS,
  SPORT_INTENSITAET,
} from '@dihs/contract/anamnese';
import { KOERPER_SEITE_LABELS, punktName, regionVon, type Schmerzpunkt } from '@dihs/contract/anamnese-koerper';
import type { FragebogenDefinition } from '@dihs/contract/fragebogen';
import type { Termintyp } from '@dihs/contract/termin';
import { fragebogenAlsQuestionnaire } from '../fragebogen/index.ts';
import {
  LOINC_EINWILLIGUNG,
  LOINC_SCHMERZSTAERKE,
  SNOMED,
  SNOMED_KOERPERREGION,
  SNOMED_SCHMERZ,
  TERMINTYP_ANZEIGE,
  type EigeneSysteme,
} from './fhir-codes.ts';

/*
 * The FHIR R4 view of a patient's record (issue 34, docs/fhir.md): a mapping of the rows the modules already hand to
 * the JSON export (docs/datenexport.md), so both exports read the same records through the same module contributions.
 * Pure: the rows come in (as JSON, dates as ISO strings), the Bundle goes out.
 */

/** The export's rows as JSON (the file's shape), one entry per module and table. */
export type ExportTables = Record<string, unknown>;

/** What the patient's rows name but do not hold: therapists, the company, exercise titles. */
export interface FhirKontext {
  therapeuten: Map<number, { vorname: string | null; nachname: string | null }>;
  firma: { id: number; bezeichner: string } | null;
  uebungen: Map<number, string>;
  /** The questionnaire definitions the patient's questionnaires were given against, by id. */
  definitionen: Map<number, FragebogenDefinition>;
  systeme: EigeneSysteme;
  erstelltAm: Date;
}

interface BenutzerRow {
  id: number;
  email: string;
  firmaId: number | null;
  active: boolean;
}
interface ProfilRow {
  vorname: string | null;
  nachname: string | null;
  strasse: string | null;
  hausnummer: string | null;
  plz: string | null;
  ort: string | null;
  land: string | null;
  geburtsdatum: string | null;
  telefon: string | null;
}
interface TeilnahmeRow {
  id: number;
  terminId: number;
  status: 'RESERVIERT' | 'GEBUCHT' | 'STORNIERT';
  teilgenommen: boolean;
}
interface TerminRow {
  id: number;
  datum: string;
  dauer: number;
  termintyp: Termintyp;
  befund: string | null;
  details: string | null;
  therapeutUserId: number | null;
  status: 'PLANUNG' | 'AKTIV' | 'ABGESAGT';
}
interface FragebogenRow {
  id: number;
  definitionId: number;
  titel: string;
  erstelltAm: string;
  erstelltVon: number | null;
  veroeffentlicht: string | null;
}
interface AntwortRow {
  patientFragebogenId: number;
  frageId: number;
  frage: string;
  typ: 'FREITEXT' | 'SKALA' | 'WAHRHEITSWERT';
  antwort: string | number | boolean | null;
}
interface AnamneseRow {
  angaben: Record<string, unknown>;
  unterschrieben: boolean;
  unterschriebenAm: string | null;
  geaendertAm: string;
}
interface SetRow {
  id: number;
  therapeutUserId: number | null;
  validFrom: string;
  erstelltAm: string;
}
interface EintragRow {
  id: number;
  setId: number;
  uebungId: number;
  position: number;
  dauer: number;
  anzahl: number;
  pause: number;
  wiederholungen: number;
  information: string | null;
}
interface ErledigtRow {
  id: number;
  eintragId: number;
  tag: string;
  schmerz: number | null;
  erfasstAm: string;
}
interface RezeptRow {
  id: number;
  originalFilename: string;
  mediaType: string;
  anmerkung: string | null;
  status: string;
  eingereicht: string;
}
interface RezeptDateiRow {
  rezeptId: number;
  datei: { name: string; type: string; base64: string } | null;
}
interface EinwilligungRow {
  id: number;
  fassungId: number;
  anlass: string;
  erteiltAm: string;
}
interface FassungRow {
  id: number;
  seiteUrl: string;
  fassung: string;
  titel: string;
  inhalt: string;
  stand?: string | null;
}

const rows = <T>(file: ExportTables, module: string, table: string): T[] =>
  ((file[module] as Record<string, unknown[]> | undefined)?.[table] ?? []) as T[];

/** A stable urn:uuid per record, so that two exports of the same record name it alike (RFC 4122 form, v5-like). */
function urnUuid(patientId: number, kind: string, id: string | number): string {
  const hex = createHash('sha256').update(`dihs:${patientId}:${kind}:${id}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const text = (value: string | null | undefined): string | undefined =>
  value === null || value === undefined || value.trim() === '' ? undefined : value;

const addMinutes = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

/** Builds the Bundle (type collection) of one patient's export rows. */
export function fhirBundle(file: ExportTables, patientId: number, k: FhirKontext): Bundle {
  const entries: BundleEntry[] = [];
  const add = <T extends Resource>(kind: string, id: string | number, resource: T): Reference<T> => {
    const fullUrl = urnUuid(patientId, kind, id);
    entries.push({ fullUrl, resource });
    return { reference: fullUrl };
  };
  const s = k.systeme;

  // Patient and company
  const account = rows<BenutzerRow>(file, 'users', 'benutzer')[0];
  const profil = rows<ProfilRow>(file, 'profil', 'profil')[0];
  let organisation: Reference<Organization> | undefined;
  if (k.firma) {
    organisation = add<Organization>('firma', k.firma.id, {
      resourceType: 'Organization',
      identifier: [{ system: s.firma, value: String(k.firma.id) }],
      active: true,
      name: k.firma.bezeichner,
    });
  }
  const line = [profil?.strasse, profil?.hausnummer].filter((part) => text(part)).join(' ');
  const hasAddress = [line, profil?.plz, profil?.ort, profil?.land].some((part) => text(part));
  const patient = add<Patient>('patient', patientId, {
    resourceType: 'Patient',
    identifier: [{ use: 'usual', system: s.benutzer, value: String(patientId) }],
    active: account?.active ?? true,
    ...(text(profil?.vorname) || text(profil?.nachname)
      ? {
          name: [
            {
              use: 'official',
              ...(text(profil?.nachname) ? { family: profil!.nachname! } : {}),
              ...(text(profil?.vorname) ? { given: [profil!.vorname!] } : {}),
            },
          ],
        }
      : {}),
    telecom: [
      ...(account ? [{ system: 'email' as const, value: account.email }] : []),
      ...(text(profil?.telefon) ? [{ system: 'phone' as const, value: profil!.telefon! }] : []),
    ],
    ...(text(profil?.geburtsdatum) ? { birthDate: profil!.geburtsdatum! } : {}),
    ...(hasAddress
      ? {
          address: [
            {
              use: 'home',
              ...(text(line) ? { line: [line] } : {}),
              ...(text(profil?.plz) ? { postalCode: profil!.plz! } : {}),
              ...(text(profil?.ort) ? { city: profil!.ort! } : {}),
              ...(text(profil?.land) ? { country: profil!.land! } : {}),
            },
          ],
        }
      : {}),
    ...(organisation ? { managingOrganization: organisation } : {}),
  });

  // Therapists: each once, as Practitioner and PractitionerRole
  const practitioners = new Map<number, Reference<Practitioner>>();
  const practitioner = (userId: number | null): Reference<Practitioner> | undefined => {
    if (userId === null) return undefined;
    const known = practitioners.get(userId);
    if (known) return known;
    const person = k.therapeuten.get(userId);
    const name = person
      ? {
          ...(text(person.nachname) ? { family: person.nachname! } : {}),
          ...(text(person.vorname) ? { given: [person.vorname!] } : {}),
        }
      : undefined;
    const ref = add<Practitioner>('therapeut', userId, {
      resourceType: 'Practitioner',
      identifier: [{ system: s.benutzer, value: String(userId) }],
      ...(name && Object.keys(name).length ? { name: [name] } : {}),
    });
    add<PractitionerRole>('therapeut-rolle', userId, {
      resourceType: 'PractitionerRole',
      practitioner: ref,
      code: [{ text: 'Therapeutin/Therapeut' }],
    });
    practitioners.set(userId, ref);
    return ref;
  };

  // Appointments: one per seat, with the appointment's details
  const termine = new Map(rows<TerminRow>(file, 'termin', 'termin').map((row) => [row.id, row]));
  for (const seat of rows<TeilnahmeRow>(file, 'termin', 'termin_teilnahme')) {
    const termin = termine.get(seat.terminId);
    if (!termin) continue;
    const cancelled = seat.status === 'STORNIERT' || termin.status === 'ABGESAGT';
    const status: Appointment['status'] = cancelled
      ? 'cancelled'
      : seat.status === 'RESERVIERT' || termin.status === 'PLANUNG'
        ? 'pending'
        : seat.teilgenommen
          ? 'fulfilled'
          : 'booked';
    const therapist = practitioner(termin.therapeutUserId);
    add<Appointment>('termin', seat.id, {
      resourceType: 'Appointment',
      identifier: [{ system: s.termin, value: String(termin.id) }],
      status,
      serviceType: [
        {
          coding: [{ system: s.termintyp, code: termin.termintyp, display: TERMINTYP_ANZEIGE[termin.termintyp] }],
          text: TERMINTYP_ANZEIGE[termin.termintyp],
        },
      ],
      ...(text(termin.befund) ? { reasonCode: [{ text: termin.befund! }] } : {}),
      ...(text(termin.details) ? { description: termin.details! } : {}),
      start: termin.datum,
      end: addMinutes(termin.datum, termin.dauer),
      minutesDuration: termin.dauer,
      participant: [
        { actor: patient, required: 'required', status: cancelled ? 'declined' : 'accepted' },
        ...(therapist ? [{ actor: therapist, required: 'required' as const, status: 'accepted' as const }] : []),
      ],
    });
  }

  // Findings questionnaires: each definition once, as its download has it (module fragebogen), one response each
  const antworten = rows<AntwortRow>(file, 'fragebogen', 'patient_fragebogen_antwort');
  const frageboegen = rows<FragebogenRow>(file, 'fragebogen', 'patient_fragebogen');
  for (const definitionId of new Set(frageboegen.map((bogen) => bogen.definitionId))) {
    const definition = k.definitionen.get(definitionId) ?? ausAntworten(definitionId, frageboegen, antworten);
    add<Questionnaire>(
      'fragebogen-definition',
      definitionId,
      fragebogenAlsQuestionnaire(definition, s.fragebogenDefinition(definitionId)),
    );
  }
  for (const bogen of frageboegen) {
    const items = antworten
      .filter((a) => a.patientFragebogenId === bogen.id && a.antwort !== null && a.antwort !== '')
      .map((a): QuestionnaireResponseItem => {
        const answer: QuestionnaireResponseItemAnswer =
          a.typ === 'WAHRHEITSWERT'
            ? { valueBoolean: a.antwort === true }
            : a.typ === 'SKALA'
              ? { valueInteger: Number(a.antwort) }
              : { valueString: String(a.antwort) };
        return { linkId: String(a.frageId), text: a.frage, answer: [answer] };
      });
    practitioner(bogen.erstelltVon);
    add<QuestionnaireResponse>('fragebogen', bogen.id, {
      resourceType: 'QuestionnaireResponse',
      identifier: { system: s.fragebogen, value: String(bogen.id) },
      questionnaire: s.fragebogenDefinition(bogen.definitionId),
      status: items.length > 0 ? 'completed' : 'in-progress',
      subject: patient,
      source: patient,
      authored: bogen.veroeffentlicht ?? bogen.erstelltAm,
      ...(items.length ? { item: items } : {}),
    });
  }

  // Anamnesis: a Questionnaire of the form's fields, the response, and each body-image point as an Observation
  const anamnese = rows<AnamneseRow>(file, 'anamnese', 'anamnese')[0];
  if (anamnese) {
    const fields = anamneseFelder(s.anamneseAntwort);
    add<Questionnaire>('anamnese-definition', 'anamnese', {
      resourceType: 'Questionnaire',
      url: s.anamnese,
      title: 'Anamnesebogen',
      status: 'active',
      subjectType: ['Patient'],
      item: fields.map((field) => field.item),
    });
    const items = fields.flatMap((field) => {
      const answer = field.answer(anamnese.angaben[field.item.linkId]);
      return answer ? [{ linkId: field.item.linkId, text: field.item.text, answer: [answer] }] : [];
    });
    const response = add<QuestionnaireResponse>('anamnese', 'anamnese', {
      resourceType: 'QuestionnaireResponse',
      questionnaire: s.anamnese,
      status: anamnese.unterschrieben ? 'completed' : 'in-progress',
      subject: patient,
      source: patient,
      authored: anamnese.unterschriebenAm ?? anamnese.geaendertAm,
      ...(items.length ? { item: items } : {}),
    });
    const punkte = (anamnese.angaben.woSchmerzen ?? []) as Schmerzpunkt[];
    punkte.forEach((punkt, index) => {
      const region = regionVon(punkt);
      const code = region ? SNOMED_KOERPERREGION[punkt.seite][region.key.replace(/-(links|rechts)$/, '')] : undefined;
      add<Observation>('schmerzpunkt', index, {
        resourceType: 'Observation',
        status: 'final',
        code: { coding: [SNOMED_SCHMERZ], text: 'Schmerzort (Körperbild der Anamnese)' },
        subject: patient,
        effectiveDateTime: anamnese.unterschriebenAm ?? anamnese.geaendertAm,
        bodySite: { ...(code ? { coding: [{ system: SNOMED, ...code }] } : {}), text: punktName(punkt) },
        derivedFrom: [response],
        note: [
          {
            text: `${KOERPER_SEITE_LABELS[punkt.seite]}, Punkt im Körperbild: x = ${punkt.x}, y = ${punkt.y} (relativ, 0 bis 1)`,
          },
        ],
      });
    });
  }

  // Training plans as CarePlan (done marks as activity progress), pain ratings as Observation LOINC 72514-3
  const sets = rows<SetRow>(file, 'training', 'trainingsplan_set');
  const eintraege = rows<EintragRow>(file, 'training', 'trainingsplan_eintrag');
  const erledigt = rows<ErledigtRow>(file, 'training', 'trainingsplan_erledigt');
  const current = [...sets].sort((a, b) => Date.parse(b.validFrom) - Date.parse(a.validFrom))[0];
  for (const set of sets) {
    const author = practitioner(set.therapeutUserId);
    const own = eintraege.filter((e) => e.setId === set.id).sort((a, b) => a.position - b.position);
    const later = sets.filter((other) => Date.parse(other.validFrom) > Date.parse(set.validFrom));
    const until = later.length ? new Date(Math.min(...later.map((o) => Date.parse(o.validFrom)))).toISOString() : null;
    const activity = own.map((eintrag): CarePlanActivity => {
      const titel = k.uebungen.get(eintrag.uebungId) ?? `Übung ${eintrag.uebungId}`;
      const marks = erledigt.filter((mark) => mark.eintragId === eintrag.id);
      const beschreibung = [
        `${eintrag.wiederholungen} Sätze à ${eintrag.anzahl} Wiederholungen`,
        `Dauer ${eintrag.dauer} s`,
        `Pause ${eintrag.pause} s`,
        text(eintrag.information),
      ]
        .filter(Boolean)
        .join('; ');
      return {
        ...(marks.length
          ? {
              progress: marks.map((mark) => ({
                time: mark.erfasstAm,
                text: `Erledigt am ${mark.tag}${mark.schmerz === null ? '' : `, Schmerz ${mark.schmerz}/10`}`,
              })),
            }
          : {}),
        detail: {
          code: { text: titel },
          status: set === current ? 'in-progress' : 'completed',
          description: beschreibung,
          scheduledTiming: {
            repeat: { count: eintrag.wiederholungen, duration: eintrag.dauer, durationUnit: 's' },
          },
          quantity: { value: eintrag.anzahl, unit: 'Wiederholungen' },
          performer: [patient],
        },
      };
    });
    const plan = add<CarePlan>('trainingsplan', set.id, {
      resourceType: 'CarePlan',
      identifier: [{ system: s.trainingsplan, value: String(set.id) }],
      status: set === current ? 'active' : 'completed',
      intent: 'plan',
      title: 'Trainingsplan',
      subject: patient,
      period: { start: set.validFrom, ...(until ? { end: until } : {}) },
      created: set.erstelltAm,
      ...(author ? { author } : {}),
      ...(activity.length ? { activity } : {}),
    });
    for (const mark of erledigt) {
      const eintrag = own.find((e) => e.id === mark.eintragId);
      if (!eintrag || mark.schmerz === null) continue;
      add<Observation>('schmerzwert', mark.id, {
        resourceType: 'Observation',
        status: 'final',
        basedOn: [plan],
        category: [
          {
            coding: [
              {
                system: 'http://terminology.hl7.org/CodeSystem/observation-category',
                code: 'survey',
                display: 'Survey',
              },
            ],
          },
        ],
        code: { coding: [LOINC_SCHMERZSTAERKE], text: 'Schmerzstärke (0–10) nach der Übung' },
        subject: patient,
        effectiveDateTime: mark.tag,
        issued: mark.erfasstAm,
        valueInteger: mark.schmerz,
        note: [{ text: k.uebungen.get(eintrag.uebungId) ?? `Übung ${eintrag.uebungId}` }],
      });
    }
  }

  // Prescriptions with their decrypted file
  const dateien = rows<RezeptDateiRow>(file, 'rezept', 'rezept_datei');
  for (const rezept of rows<RezeptRow>(file, 'rezept', 'rezept')) {
    const datei = dateien.find((d) => d.rezeptId === rezept.id)?.datei ?? null;
    add<DocumentReference>('rezept', rezept.id, {
      resourceType: 'DocumentReference',
      identifier: [{ system: s.rezept, value: String(rezept.id) }],
      status: rezept.status === 'GELOESCHT' ? 'entered-in-error' : 'current',
      type: { text: 'Rezept (ärztliche Verordnung)' },
      subject: patient,
      date: rezept.eingereicht,
      ...(text(rezept.anmerkung) ? { description: rezept.anmerkung! } : {}),
      content: [
        {
          attachment: {
            contentType: datei?.type ?? rezept.mediaType,
            title: rezept.originalFilename,
            creation: rezept.eingereicht,
            ...(datei ? { data: datei.base64 } : {}),
          },
        },
      ],
    });
  }

  // Consents with the text version they refer to
  const fassungen = new Map(rows<FassungRow>(file, 'einwilligung', 'einwilligung_fassung').map((f) => [f.id, f]));
  for (const einwilligung of rows<EinwilligungRow>(file, 'einwilligung', 'einwilligung')) {
    const fassung = fassungen.get(einwilligung.fassungId);
    add<Consent>('einwilligung', einwilligung.id, {
      resourceType: 'Consent',
      identifier: [{ system: s.einwilligung, value: String(einwilligung.id) }],
      status: 'active',
      scope: {
        coding: [
          fassung?.seiteUrl === 'einverstaendnis_videotherapie'
            ? { system: 'http://terminology.hl7.org/CodeSystem/consentscope', code: 'treatment', display: 'Treatment' }
            : {
                system: 'http://terminology.hl7.org/CodeSystem/consentscope',
                code: 'patient-privacy',
                display: 'Privacy Consent',
              },
        ],
      },
      category: [{ coding: [LOINC_EINWILLIGUNG] }],
      patient,
      dateTime: einwilligung.erteiltAm,
      ...(fassung
        ? {
            sourceAttachment: {
              contentType: 'text/html',
              title: fassung.titel,
              data: Buffer.from(fassung.inhalt, 'utf8').toString('base64'),
            },
            policy: [{ uri: s.seite(fassung.seiteUrl) }],
          }
        : { policy: [{ uri: s.einwilligung }] }),
    });
  }

  return {
    resourceType: 'Bundle',
    identifier: { system: s.benutzer, value: `${patientId}-${k.erstelltAm.toISOString()}` },
    type: 'collection',
    timestamp: k.erstelltAm.toISOString(),
    entry: entries,
  };
}

/**
 * A definition the export could not read (removed since): the questions answered, so that every response's items
 * still name an item of their Questionnaire.
 */
function ausAntworten(
  definitionId: number,
  frageboegen: readonly FragebogenRow[],
  antworten: readonly AntwortRow[],
): FragebogenDefinition {
  const eigene = new Set(frageboegen.filter((b) => b.definitionId === definitionId).map((b) => b.id));
  const fragen = new Map<number, AntwortRow>();
  for (const a of antworten) if (eigene.has(a.patientFragebogenId)) fragen.set(a.frageId, a);
  return {
    id: definitionId,
    titel: frageboegen.find((b) => b.definitionId === definitionId)!.titel,
    veroeffentlicht: null,
    fragen: [...fragen.values()].map((a, index) => ({
      id: a.frageId,
      frage: a.frage,
      typ: a.typ,
      position: index + 1,
      abhaengigVonFrageId: null,
      abhaengigVonBedingung: null,
      fragebogenId: definitionId,
      aktiv: true,
    })),
  };
}

interface AnamneseFeld {
  item: QuestionnaireItem & { linkId: string; text: string };
  answer: (value: unknown) => QuestionnaireResponseItemAnswer | undefined;
}

/** The anamnesis form's fields as questionnaire items, typed like the form (choices as codes of their labels). */
function anamneseFelder(system: string): AnamneseFeld[] {
  const L = ANAMNESE_LABELS;
  const present = (value: unknown) => value !== null && value !== undefined && value !== '';
  const string = (linkId: keyof typeof L, type: 'string' | 'text' = 'text'): AnamneseFeld => ({
    item: { linkId, text: L[linkId], type },
    answer: (v) => (present(v) ? { valueString: String(v) } : undefined),
  });
  const decimal = (linkId: keyof typeof L): AnamneseFeld => ({
    item: { linkId, text: L[linkId], type: 'decimal' },
    answer: (v) => (typeof v === 'number' ? { valueDecimal: v } : undefined),
  });
  const integer = (linkId: keyof typeof L): AnamneseFeld => ({
    item: { linkId, text: L[linkId], type: 'integer' },
    answer: (v) => (typeof v === 'number' ? { valueInteger: v } : undefined),
  });
  const date = (linkId: keyof typeof L): AnamneseFeld => ({
    item: { linkId, text: L[linkId], type: 'date' },
    answer: (v) => (typeof v === 'string' && v ? { valueDate: v } : undefined),
  });
  const choice = (linkId: string, label: string, labels: readonly string[]): AnamneseFeld => {
    const coding = (index: number) => ({ system: `${system}/${linkId}`, code: String(index), display: labels[index]! });
    return {
      item: {
        linkId,
        text: label,
        type: 'choice',
        answerOption: labels.map((_, index) => ({ valueCoding: coding(index) })),
      },
      answer: (v) => (typeof v === 'number' && labels[v] !== undefined ? { valueCoding: coding(v) } : undefined),
    };
  };
  const boolean = (linkId: string, label: string): AnamneseFeld => ({
    item: { linkId, text: label, type: 'boolean' },
    answer: (v) => (typeof v === 'boolean' ? { valueBoolean: v } : undefined),
  });
  const sport = [1, 2, 3, 4].flatMap((n) => [
    string(`sportart${n}` as keyof typeof L, 'string'),
    choice(`sportart${n}antwort`, `Sportart ${n}: Intensität`, SPORT_INTENSITAET),
  ]);
  return [
    decimal('groesse'),
    decimal('gewicht'),
    string('beruf', 'string'),
    string('hobbys'),
    decimal('computerzeit'),
    ...sport,
    string('baName', 'string'),
    string('baStrasse', 'string'),
    string('baStadt', 'string'),
    string('baTelefon', 'string'),
    string('diagnose'),
    date('opDatum'),
    string('erkrankungen'),
    string('medikamente'),
    string('schmerzmedikamente'),
    string('allergien'),
    string('chronisch'),
    string('therapien'),
    string('alltag'),
    string('berufsprobleme'),
    integer('psychischBeeintraechtigt'),
    choice('schmerzen', L.schmerzen, SCHMERZEN_LABELS),
    choice('seitWannSchmerzen', L.seitWannSchmerzen, SEIT_WANN_LABELS),
    string('schmerzVerstaerkt'),
    ...SCHMERZ_ARTEN.map((art, index) => boolean(`schmerzArt${index + 1}`, `Schmerzart: ${art}`)),
    integer('schmerzStaerkeRuhe'),
    integer('schmerzStaerkeBelastung'),
    date('angabenDatum'),
  ];
}
