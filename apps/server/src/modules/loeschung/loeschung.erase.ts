import type { Transaction } from '../../db/client.ts';
import type { ModuleDescriptor, PatientDataServices } from '../module-descriptor.ts';
import { findUserById } from '../users/index.ts';

/** One module's part of a patient erasure; answers file-store keys to delete after commit. */
export type PatientEraser = NonNullable<ModuleDescriptor['erasePatient']>;

/**
 * The erasure order by module name, fixed here rather than taken from the module list's registration order: mails
 * and feedback are found by the patient's address, so they run before users anonymises it (users is last); open
 * carts are ended (their seats freed) before termin frees the remaining future seats.
 */
const ERASURE_ORDER = [
  'profil',
  'codes',
  'mail',
  'feedback',
  'cart',
  'video',
  'rezept',
  'training',
  'fragebogen',
  'anamnese',
  'termin',
  'einwilligung',
  'protokoll',
  'users',
] as const;

/**
 * The erasure steps of the given modules' descriptors, in the fixed order. A module with a step but no place in the
 * order is a wiring error, found at start.
 */
export function patientErasers(modules: readonly ModuleDescriptor[]): readonly PatientEraser[] {
  const ordered: readonly string[] = ERASURE_ORDER;
  for (const module of modules) {
    if (module.erasePatient && !ordered.includes(module.name)) {
      throw new Error(`Löschung: Modul ${module.name} fehlt in der Löschreihenfolge`);
    }
  }
  return ERASURE_ORDER.flatMap((name) => {
    const module = modules.find((m) => m.name === name);
    return module?.erasePatient ? [module.erasePatient] : [];
  });
}

/**
 * Removes or anonymises every record of the patient, in the caller's transaction, by running the steps in order.
 * Returns the file-store keys to delete after commit. Every module that stores personal data of patients adds its
 * step (its descriptor's erasePatient and its place in ERASURE_ORDER; docs/decisions.md).
 */
export async function erasePatient(
  tx: Transaction,
  userId: number,
  erasers: readonly PatientEraser[],
  services: PatientDataServices,
): Promise<string[]> {
  if (!(await findUserById(tx, userId))) return [];
  const files: string[] = [];
  for (const erase of erasers) files.push(...((await erase(tx, userId, services)) ?? []));
  return files;
}
