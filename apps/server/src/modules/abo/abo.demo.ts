import type { AboPaketFields } from '@dihs/contract/abo';
import { addDays, berlinDay, berlinToUtc } from '@dihs/contract/common/time';
import type { Transaction } from '../../db/client.ts';
import { findUserByEmail } from '../users/index.ts';
import { gewaehren } from './abo-lifecycle.ts';
import { findLaufendesAbo, insertAbo, insertPakete, listStandardPakete, updateAbo } from './abo.repository.ts';
import { neuesAbo } from './abo.service.ts';

/** Demo packages: three in the shop, one for company assignments only, one retired. */
export const DEMO_ABO_PAKETE: readonly AboPaketFields[] = [
  {
    title: 'Abo Basis',
    einzelTermineProQuartal: 2,
    gruppenTermineProQuartal: 2,
    trainingsplaene: 1,
    befundtermine: 1,
    laufzeitMonate: 12,
    buchungMonate: 3,
    kuendigungsfristMonate: 3,
    kostenProQuartalCent: 8900,
    aktiv: true,
    buchbar: true,
  },
  {
    title: 'Abo Plus',
    einzelTermineProQuartal: 6,
    gruppenTermineProQuartal: 4,
    trainingsplaene: 1,
    befundtermine: 1,
    laufzeitMonate: 12,
    buchungMonate: 3,
    kuendigungsfristMonate: 3,
    kostenProQuartalCent: 19900,
    aktiv: true,
    buchbar: true,
  },
  {
    title: 'Abo Flex (monatlich)',
    einzelTermineProQuartal: 1,
    gruppenTermineProQuartal: 2,
    trainingsplaene: 1,
    befundtermine: 0,
    laufzeitMonate: 1,
    buchungMonate: 1,
    kuendigungsfristMonate: 0,
    kostenProQuartalCent: 3900,
    aktiv: true,
    buchbar: true,
  },
  {
    title: 'Firmenabo Rücken',
    einzelTermineProQuartal: 4,
    gruppenTermineProQuartal: 4,
    trainingsplaene: 1,
    befundtermine: 1,
    laufzeitMonate: 12,
    buchungMonate: 3,
    kuendigungsfristMonate: 3,
    kostenProQuartalCent: 14900,
    aktiv: true,
    buchbar: false,
  },
  {
    title: 'Abo Classic (2025)',
    einzelTermineProQuartal: 3,
    gruppenTermineProQuartal: 0,
    trainingsplaene: 1,
    befundtermine: 1,
    laufzeitMonate: 6,
    buchungMonate: 3,
    kuendigungsfristMonate: 1,
    kostenProQuartalCent: 9900,
    aktiv: false,
    buchbar: false,
  },
];

/** Creates the demo packages. */
export async function seedDemoAboPakete(tx: Transaction): Promise<void> {
  await insertPakete(tx, [...DEMO_ABO_PAKETE]);
}

/** The package of the demo patient's subscription, and how many days before the seed it began. */
export const DEMO_ABO = { paket: 'Abo Plus', begonnenVorTagen: 20 } as const;

/**
 * patient@demo.de's paid subscription, running since DEMO_ABO.begonnenVorTagen days before the seed: the training
 * plan, the patient's flagship feature, needs one (issue 29 item 4). It is recorded as it stands after its first
 * payment (status AKTIV, first interval granted with its credit, HAT_ABO on the account), but without a card payment
 * record and without the booking mail: a payment row changes only through its provider's events, and nobody booked.
 * Skipped when the patient has a subscription already.
 */
export async function seedDemoAbo(tx: Transaction, now: Date = new Date()): Promise<void> {
  const patient = await findUserByEmail(tx, 'patient@demo.de');
  const paket = (await listStandardPakete(tx)).find((candidate) => candidate.title === DEMO_ABO.paket);
  if (!patient || !paket || (await findLaufendesAbo(tx, patient.id))) return;
  const beginn = addDays(berlinDay(now), -DEMO_ABO.begonnenVorTagen);
  const gebucht = berlinToUtc(beginn, '09:15');
  const abo = await insertAbo(tx, { ...neuesAbo(paket, patient.id, true, gebucht), status: 'INBEZAHLUNG' });
  // as the payment's confirmation would: the contract starts on the day of the booking, its first interval granted
  await gewaehren(tx, await updateAbo(tx, abo.id, { beginn, naechstePeriodeNr: 0 }), 0, null, gebucht);
}
