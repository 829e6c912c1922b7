import type { CarePlan, CarePlanActivity, Observation } from '@medplum/fhirtypes';
import { LOINC_SCHMERZSTAERKE } from './fhir-codes.ts';
import {
  iso,
  ms,
  rows,
  text,
  type BundleBau,
  type EintragRow,
  type ErledigtRow,
  type SetRow,
} from './fhir-export-rows.ts';

/**
 * Training plans (docs/fhir.md): each version as CarePlan with the done marks as activity progress, each pain rating as
 * Observation LOINC 72514-3.
 */
export function fhirTraining({ file, k, s, add, patient, practitioner }: BundleBau): void {
  // Training plans as CarePlan (done marks as activity progress), pain ratings as Observation LOINC 72514-3
  const sets = rows<SetRow>(file, 'training', 'trainingsplan_set');
  const eintraege = rows<EintragRow>(file, 'training', 'trainingsplan_eintrag');
  const erledigt = rows<ErledigtRow>(file, 'training', 'trainingsplan_erledigt');
  const current = [...sets].sort((a, b) => ms(b.validFrom) - ms(a.validFrom))[0];
  for (const set of sets) {
    const author = practitioner(set.therapeutUserId);
    const own = eintraege.filter((e) => e.setId === set.id).sort((a, b) => a.position - b.position);
    const later = sets.filter((other) => ms(other.validFrom) > ms(set.validFrom));
    const until = later.length ? new Date(Math.min(...later.map((o) => ms(o.validFrom)))).toISOString() : null;
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
                time: iso(mark.erfasstAm),
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
      period: { start: iso(set.validFrom), ...(until ? { end: until } : {}) },
      created: iso(set.erstelltAm),
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
        issued: iso(mark.erfasstAm),
        valueInteger: mark.schmerz,
        note: [{ text: k.uebungen.get(eintrag.uebungId) ?? `Übung ${eintrag.uebungId}` }],
      });
    }
  }
}
