import type { Bundle } from '@medplum/fhirtypes';
import type { Database } from '../../db/client.ts';
import { findFirma } from '../firma/index.ts';
import { definitionenMitIds } from '../fragebogen/index.ts';
import type { ModuleDescriptor, PatientDataServices } from '../module-descriptor.ts';
import { findProfileNames } from '../profil/index.ts';
import { findUebungen } from '../training/index.ts';
import { collectDatenauskunft } from './auskunft.service.ts';
import { fhirBundle, type ExportTables, type FhirKontext } from './fhir-bundle.ts';
import { eigeneSysteme } from './fhir-codes.ts';

interface FhirExportDeps extends PatientDataServices {
  db: Database;
  modules: readonly ModuleDescriptor[];
}

const ids = (values: unknown[], key: string): number[] =>
  values.map((row) => (row as Record<string, unknown>)[key]).filter((id): id is number => typeof id === 'number');

/**
 * The patient's record as a FHIR R4 Bundle (docs/fhir.md): the same module contributions as the JSON export, mapped,
 * with the names of the therapists, the company and the exercises those rows refer to.
 */
export async function collectFhirBundle(deps: FhirExportDeps, userId: number, now: Date): Promise<Bundle> {
  // the rows as the modules hand them (dates as Date, files as base64): the mapping formats the dates itself, so the
  // export (with its files) is held once, not a second time as JSON text and a third time parsed back
  const file: ExportTables = await collectDatenauskunft(deps, userId, now);
  const table = (module: string, name: string): unknown[] =>
    (file[module] as Record<string, unknown[]> | undefined)?.[name] ?? [];
  const therapistIds = new Set([
    ...ids(table('termin', 'termin'), 'therapeutUserId'),
    ...ids(table('training', 'trainingsplan_set'), 'therapeutUserId'),
    ...ids(table('fragebogen', 'patient_fragebogen'), 'erstelltVon'),
    ...ids(table('profil', 'dokumentation'), 'autorUserId'),
  ]);
  const therapeuten: FhirKontext['therapeuten'] = await findProfileNames(deps.db, [...therapistIds]);
  const firmaId = ids(table('users', 'benutzer'), 'firmaId')[0];
  const firma = firmaId === undefined ? undefined : await findFirma(deps.db, firmaId);
  const uebungIds = [...new Set(ids(table('training', 'trainingsplan_eintrag'), 'uebungId'))];
  const uebungen = new Map(
    (uebungIds.length ? await findUebungen(deps.db, uebungIds) : []).map((u) => [u.id, u.titel]),
  );
  const definitionIds = [...new Set(ids(table('fragebogen', 'patient_fragebogen'), 'definitionId'))];
  const definitionen = new Map((await definitionenMitIds(deps.db, definitionIds)).map((d) => [d.id, d]));
  return fhirBundle(file, userId, {
    therapeuten,
    definitionen,
    firma: firma ? { id: firma.id, bezeichner: firma.bezeichner } : null,
    uebungen,
    systeme: eigeneSysteme(deps.config.publicUrl),
    erstelltAm: now,
  });
}
