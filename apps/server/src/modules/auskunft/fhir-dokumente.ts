import type { Consent, DocumentReference } from '@medplum/fhirtypes';
import { LOINC_EINWILLIGUNG } from './fhir-codes.ts';
import {
  iso,
  rows,
  text,
  type BundleBau,
  type EinwilligungRow,
  type FassungRow,
  type RezeptDateiRow,
  type RezeptRow,
} from './fhir-export-rows.ts';

/** Prescriptions as DocumentReference with their decrypted file (docs/fhir.md). */
export function fhirRezepte({ file, s, add, patient }: BundleBau): void {
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
      date: iso(rezept.eingereicht),
      ...(text(rezept.anmerkung) ? { description: rezept.anmerkung! } : {}),
      content: [
        {
          attachment: {
            contentType: datei?.type ?? rezept.mediaType,
            title: rezept.originalFilename,
            creation: iso(rezept.eingereicht),
            ...(datei ? { data: datei.base64 } : {}),
          },
        },
      ],
    });
  }
}

/** Consents with the text version they refer to (docs/fhir.md). */
export function fhirEinwilligungen({ file, s, add, patient }: BundleBau): void {
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
      dateTime: iso(einwilligung.erteiltAm),
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
}
