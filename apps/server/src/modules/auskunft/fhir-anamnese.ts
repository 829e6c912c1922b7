import type {
  Observation,
  Questionnaire,
  QuestionnaireItem,
  QuestionnaireResponse,
  QuestionnaireResponseItemAnswer,
} from '@medplum/fhirtypes';
import {
  ANAMNESE_LABELS,
  SCHMERZ_ARTEN,
  SCHMERZEN_LABELS,
  SEIT_WANN_LABELS,
  SPORT_INTENSITAET,
} from '@dihs/contract/anamnese';
import { KOERPER_SEITE_LABELS, punktName, regionVon, type Schmerzpunkt } from '@dihs/contract/anamnese-koerper';
import { SNOMED, SNOMED_KOERPERREGION, SNOMED_SCHMERZ } from './fhir-codes.ts';
import { iso, rows, type AnamneseRow, type BundleBau } from './fhir-export-rows.ts';

/**
 * The anamnesis (docs/fhir.md): a Questionnaire of the form's fields, the response, and each point of the body image
 * as an Observation with its SNOMED CT body structure.
 */
export function fhirAnamnese({ file, s, add, patient }: BundleBau): void {
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
      authored: iso(anamnese.unterschriebenAm ?? anamnese.geaendertAm),
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
        effectiveDateTime: iso(anamnese.unterschriebenAm ?? anamnese.geaendertAm),
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
