import type { Transaction } from '../../db/client.ts';
import { firmen } from './firma.table.ts';

export const DEMO_FIRMA = 'Demo GmbH';

/** The demo company that firmenpatient@demo.de belongs to. Returns its id. */
export async function seedDemoFirma(tx: Transaction): Promise<number> {
  const [row] = await tx.insert(firmen).values({ bezeichner: DEMO_FIRMA, statistikSchreiben: true }).returning();
  if (!row) throw new Error('Demo-Firma konnte nicht angelegt werden');
  return row.id;
}
