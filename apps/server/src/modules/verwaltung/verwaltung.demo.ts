import { TERMINPREIS_SETTING } from '@dihs/contract/cart';
import { VERWALTUNG_TYPEN } from '@dihs/contract/verwaltung';
import type { Transaction } from '../../db/client.ts';
import { insertEntries } from './verwaltung.repository.ts';

/** Demo settings: the Befunde and Einzeltermin-Inhalte the appointment form offers, general settings and the card prices of appointments. */
export const DEMO_VERWALTUNG = [
  { type: VERWALTUNG_TYPEN.befund, value: 'Rückenschmerzen' },
  { type: VERWALTUNG_TYPEN.befund, value: 'Knie-Arthrose' },
  { type: VERWALTUNG_TYPEN.befund, value: 'Schulter-Impingement' },
  { type: VERWALTUNG_TYPEN.befund, value: 'Nackenverspannung' },
  { type: VERWALTUNG_TYPEN.einzelterminInhalt, value: 'Befundaufnahme und Übungsauswahl' },
  { type: VERWALTUNG_TYPEN.einzelterminInhalt, value: 'Kontrolle des Trainingsplans' },
  { type: 'TERMIN_HINWEIS', value: 'Bitte halten Sie eine Matte und ein Handtuch bereit.' },
  { type: 'SUPPORT_TEXT', value: 'Bei technischen Problemen erreichen Sie uns werktags von 8 bis 18 Uhr.' },
  // the operator's tiles of the patient cockpit (format: parseCockpitKacheln in the contract's dashboard.ts)
  {
    type: 'COCKPIT_KACHELN',
    value:
      'Verbindungstest | Prüfen Sie Kamera und Mikrofon vor Ihrem ersten Termin. | /verbindungstest | video\n' +
      'Häufige Fragen | Antworten rund um Termine, Guthaben und Abo. | /faq | info',
  },
  { type: 'COCKPIT_TEXT', value: 'Willkommen! Bei Fragen zu Terminen oder zur Technik helfen wir Ihnen gern.' },
  // card prices of the booking cart (typed settings in cents, VAT included)
  { type: TERMINPREIS_SETTING.EINZEL, cents: 25_00 },
  { type: TERMINPREIS_SETTING.GRUPPE, cents: 15_00 },
  { type: TERMINPREIS_SETTING.BEFUND, cents: 30_00 },
  { type: TERMINPREIS_SETTING.ANAMNESE, cents: 35_00 },
  { type: TERMINPREIS_SETTING.TELEFON, cents: 20_00 },
];

export async function seedDemoVerwaltung(tx: Transaction): Promise<void> {
  await insertEntries(tx, DEMO_VERWALTUNG);
}
