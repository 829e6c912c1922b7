import { DATENAUSKUNFT_FORMAT_VERSION } from '@dihs/contract/auskunft';
import type { Database } from '../../db/client.ts';
import type { ModuleDescriptor, PatientDataServices } from '../module-descriptor.ts';

/** The file's fixed keys; every other top-level key is a module's name (docs/datenexport.md). */
export const DATENAUSKUNFT_KOPF = ['format', 'formatVersion', 'erstelltAm', 'benutzerId'] as const;

export type Datenauskunft = {
  format: 'dihs-datenauskunft';
  formatVersion: number;
  erstelltAm: string;
  benutzerId: number;
} & { [module: string]: Record<string, unknown[]> | string | number };

interface ExportDeps extends PatientDataServices {
  db: Database;
  modules: readonly ModuleDescriptor[];
}

/**
 * Every module's records about the patient, read in one read-only snapshot so that rows of different modules fit
 * together (a payment and the order it paid). Two modules naming the same table is a wiring error.
 */
export async function collectDatenauskunft(
  { db, modules, ...services }: ExportDeps,
  userId: number,
  now: Date,
): Promise<Datenauskunft> {
  const result: Datenauskunft = {
    format: 'dihs-datenauskunft',
    formatVersion: DATENAUSKUNFT_FORMAT_VERSION,
    erstelltAm: now.toISOString(),
    benutzerId: userId,
  };
  const tablesSeen = new Set<string>();
  await db.transaction(
    async (tx) => {
      for (const module of modules) {
        if (!module.exportPatient) continue;
        const tables = await module.exportPatient(tx, userId, services);
        for (const table of Object.keys(tables)) {
          if (tablesSeen.has(table)) throw new Error(`Datenauskunft: Tabelle ${table} doppelt (${module.name})`);
          tablesSeen.add(table);
        }
        if ((DATENAUSKUNFT_KOPF as readonly string[]).includes(module.name)) {
          throw new Error(`Datenauskunft: Modulname ${module.name} ist ein fester Schlüssel`);
        }
        result[module.name] = tables;
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return result;
}
