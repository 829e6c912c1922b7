import type { Transaction } from '../../db/client.ts';
import { findUserByEmail } from '../users/index.ts';
import { insertOffers } from './guthaben.repository.ts';
import { addLedgerEntries } from './ledger.service.ts';

/** The demo shop's packages; the last one is not bookable (kept for old bookings). */
export const DEMO_OFFERS = [
  { titel: 'Einzeltermin', centPreis: 1250, einzelTermine: 1, sortierung: 1 },
  { titel: 'Starter', centPreis: 4900, einzelTermine: 3, gruppenTermine: 2, anamnese: 1, sortierung: 2 },
  {
    titel: 'Kombi',
    centPreis: 8900,
    einzelTermine: 5,
    gruppenTermine: 5,
    telefonTermine: 2,
    befunde: 1,
    sortierung: 3,
  },
  { titel: 'Telefon 5er', centPreis: 5500, telefonTermine: 5, sortierung: 4 },
  { titel: 'Altes Paket', centPreis: 3000, einzelTermine: 2, buchbar: false, sortierung: 5 },
] as const;

/** Credit offers, and some paid credit for the demo patient (ARCHITECTURE.md section 4). */
export async function seedDemoGuthaben(tx: Transaction): Promise<void> {
  await insertOffers(tx, [...DEMO_OFFERS]);
  const patientUserId = (await findUserByEmail(tx, 'patient@demo.de'))?.id;
  if (patientUserId === undefined) return;
  await addLedgerEntries(
    tx,
    (
      [
        ['bezahltEinzelTermin', 3],
        ['bezahltGruppenTermin', 2],
        ['bezahltTelefonTermin', 1],
        ['bezahltAnamneseTermin', 1],
      ] as const
    ).map(([kind, delta]) => ({
      patientUserId,
      kind,
      delta,
      reason: 'Startguthaben (Demo)',
      reference: 'demo',
      idempotencyKey: 'demo:startguthaben',
    })),
  );
}
