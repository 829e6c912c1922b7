import type { Database, Transaction } from '../../db/client.ts';
import { open } from '../../lib/envelope.ts';
import type { PatientDataServices } from '../module-descriptor.ts';
import { rezeptKeyRing } from './rezept-keys.ts';
import { deleteOfPatient, EXPORT_KEYS, inhalteOfPatient, listOfPatient } from './rezept.repository.ts';
import { rezeptAad, rezeptObjectKey } from './rezept.service.ts';

/**
 * Patient erasure: the prescriptions (their keys cascade) and their encrypted contents in the object store, on
 * PostgreSQL in the same transaction. On S3 the objects go before the commit: should the erasure roll back, it is
 * retried, and the rows left point at contents that are gone, which only a patient being erased can lose.
 */
export async function erasePatient(tx: Transaction, userId: number, { objects }: PatientDataServices): Promise<void> {
  const ids = await deleteOfPatient(tx, userId);
  await objects.delete(ids.map(rezeptObjectKey), tx);
}

/** Self-service export: every prescription row and its file, decrypted, as base64. */
export async function exportPatient(
  db: Database | Transaction,
  userId: number,
  { objects, config }: PatientDataServices,
): Promise<Record<string, unknown[]>> {
  const [rows, contents] = await Promise.all([listOfPatient(db, userId), inhalteOfPatient(db, userId)]);
  const ring = rezeptKeyRing(config);
  const files = [];
  for (const content of contents) {
    const row = rows.find((r) => r.id === content.rezeptId)!;
    const inhalt = await objects.get(rezeptObjectKey(row.id), db);
    if (!inhalt) continue;
    files.push({
      rezeptId: content.rezeptId,
      datei: {
        name: row.originalFilename,
        type: row.mediaType,
        base64: open(ring, { ...content, inhalt }, rezeptAad(row)).toString('base64'),
      },
    });
  }
  return { [EXPORT_KEYS.rezepte]: rows, [EXPORT_KEYS.dateien]: files };
}
