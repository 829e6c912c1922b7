import { createHash } from 'node:crypto';
import type {
  Bundle,
  BundleEntry,
  Organization,
  Patient,
  Practitioner,
  PractitionerRole,
  Reference,
  Resource,
} from '@medplum/fhirtypes';
import { fhirAnamnese } from './fhir-anamnese.ts';
import { fhirDokumentation } from './fhir-dokumentation.ts';
import { fhirEinwilligungen, fhirRezepte } from './fhir-dokumente.ts';
import {
  rows,
  text,
  type BenutzerRow,
  type ExportTables,
  type FhirKontext,
  type ProfilRow,
} from './fhir-export-rows.ts';
import { fhirFrageboegen } from './fhir-frageboegen.ts';
import { fhirTermine } from './fhir-termine.ts';
import { fhirTraining } from './fhir-training.ts';

export type { ExportTables, FhirKontext } from './fhir-export-rows.ts';

/*
 * The FHIR R4 view of a patient's record (issue 34, docs/fhir.md): a mapping of the rows the modules already hand to
 * the JSON export (docs/datenexport.md), so both exports read the same records through the same module contributions.
 * Pure: the rows come in, the Bundle goes out. This file makes the Bundle, the Patient with the company and the
 * therapists; each resource family adds its own (fhir-termine, fhir-frageboegen, fhir-anamnese, fhir-training,
 * fhir-dokumente), in this order.
 */

/** A stable urn:uuid per record, so that two exports of the same record name it alike (RFC 4122 form, v5-like). */
function urnUuid(patientId: number, kind: string, id: string | number): string {
  const hex = createHash('sha256').update(`dihs:${patientId}:${kind}:${id}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

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
  const practitioner = (
    userId: number | null,
    rolle = 'Therapeutin/Therapeut',
  ): Reference<Practitioner> | undefined => {
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
      code: [{ text: rolle }],
    });
    practitioners.set(userId, ref);
    return ref;
  };

  const bau = { file, k, s, patient, add, practitioner };
  fhirTermine(bau);
  fhirFrageboegen(bau);
  fhirAnamnese(bau);
  fhirTraining(bau);
  fhirRezepte(bau);
  fhirEinwilligungen(bau);
  fhirDokumentation(bau);

  return {
    resourceType: 'Bundle',
    identifier: { system: s.benutzer, value: `${patientId}-${k.erstelltAm.toISOString()}` },
    type: 'collection',
    timestamp: k.erstelltAm.toISOString(),
    entry: entries,
  };
}
