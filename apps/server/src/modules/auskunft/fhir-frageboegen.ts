import type {
  Questionnaire,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  QuestionnaireResponseItemAnswer,
} from '@medplum/fhirtypes';
import type { FragebogenDefinition } from '@dihs/contract/fragebogen';
import { fragebogenAlsQuestionnaire } from '../fragebogen/index.ts';
import { iso, rows, type AntwortRow, type BundleBau, type FragebogenRow } from './fhir-export-rows.ts';

/**
 * Findings questionnaires (docs/fhir.md): each definition once, mapped as its download is (module fragebogen), and
 * one QuestionnaireResponse per questionnaire of the patient.
 */
export function fhirFrageboegen({ file, k, s, add, patient, practitioner }: BundleBau): void {
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
      authored: iso(bogen.veroeffentlicht ?? bogen.erstelltAm),
      ...(items.length ? { item: items } : {}),
    });
  }
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
