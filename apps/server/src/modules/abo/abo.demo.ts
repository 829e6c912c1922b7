import type { AboPaketFields } from '@dihs/contract/abo';
import type { Transaction } from '../../db/client.ts';
import { aboPakete } from './abo.table.ts';

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
  await tx.insert(aboPakete).values([...DEMO_ABO_PAKETE]);
}
