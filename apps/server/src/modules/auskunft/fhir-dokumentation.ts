import type { DocumentReference } from '@medplum/fhirtypes';
import { LOINC_VERLAUFSNOTIZ } from './fhir-codes.ts';
import { iso, rows, type BundleBau, type DokumentationRow } from './fhir-export-rows.ts';

const TAG = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'medium' });

/** The role of an operator who wrote an entry (PractitionerRole.code.text). */
export const ROLLE_BETREIBER = 'Betreiber der Plattform';

/**
 * The documentation therapists and operators wrote on the patient (profil's `dokumentation`, docs/fhir.md): each entry
 * as a DocumentReference of type LOINC 11506-3 "Progress note" with its text as a text/plain attachment. An entry is
 * free text without structure and is never changed once written, so it is a finished document (docStatus final), not
 * an Observation (no code for its content) and not a Composition (which would need sections and make the Bundle a
 * document).
 */
export function fhirDokumentation({ file, s, add, patient, practitioner }: BundleBau): void {
  for (const eintrag of rows<DokumentationRow>(file, 'profil', 'dokumentation')) {
    const author = practitioner(eintrag.autorUserId, eintrag.vonBetreiber ? ROLLE_BETREIBER : undefined);
    const datum = iso(eintrag.datum);
    add<DocumentReference>('dokumentation', eintrag.id, {
      resourceType: 'DocumentReference',
      identifier: [{ system: s.dokumentation, value: String(eintrag.id) }],
      status: 'current',
      docStatus: 'final',
      type: {
        coding: [LOINC_VERLAUFSNOTIZ],
        text: eintrag.vonBetreiber ? 'Dokumentation (Betreiber)' : 'Therapeutische Dokumentation',
      },
      subject: patient,
      date: datum,
      ...(author ? { author: [author] } : {}),
      content: [
        {
          attachment: {
            contentType: 'text/plain; charset=utf-8',
            language: 'de',
            title: `Dokumentationseintrag vom ${TAG.format(new Date(datum))}`,
            creation: datum,
            data: Buffer.from(eintrag.beitrag, 'utf8').toString('base64'),
          },
        },
      ],
    });
  }
}
