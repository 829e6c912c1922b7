import { VERWALTUNG_TYPEN } from '@dihs/contract/verwaltung';
import type { Transaction } from '../../db/client.ts';
import { verwaltungEintraege } from './verwaltung.table.ts';

/** Demo settings: the Befunde and Einzeltermin-Inhalte the appointment form offers, and two general settings. */
export const DEMO_VERWALTUNG = [
  { type: VERWALTUNG_TYPEN.befund, value: 'Rückenschmerzen' },
  { type: VERWALTUNG_TYPEN.befund, value: 'Knie-Arthrose' },
  { type: VERWALTUNG_TYPEN.befund, value: 'Schulter-Impingement' },
  { type: VERWALTUNG_TYPEN.befund, value: 'Nackenverspannung' },
  { type: VERWALTUNG_TYPEN.einzelterminInhalt, value: 'Befundaufnahme und Übungsauswahl' },
  { type: VERWALTUNG_TYPEN.einzelterminInhalt, value: 'Kontrolle des Trainingsplans' },
  { type: 'TERMIN_HINWEIS', value: 'Bitte halten Sie eine Matte und ein Handtuch bereit.' },
  { type: 'SUPPORT_TEXT', value: 'Bei technischen Problemen erreichen Sie uns werktags von 8 bis 18 Uhr.' },
];

export async function seedDemoVerwaltung(tx: Transaction): Promise<void> {
  await tx.insert(verwaltungEintraege).values(DEMO_VERWALTUNG);
}
