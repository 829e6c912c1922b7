import type { Transaction } from '../../db/client.ts';
import { insertFirmaRow } from './firma.repository.ts';

export const DEMO_FIRMA = 'Demo GmbH';

/** The demo company that firmenpatient@demo.de belongs to. Returns its id. */
export async function seedDemoFirma(tx: Transaction): Promise<number> {
  const id = await insertFirmaRow(tx, { bezeichner: DEMO_FIRMA, statistikSchreiben: true });
  if (id === undefined) throw new Error('Demo-Firma konnte nicht angelegt werden');
  return id;
}
