import type { Transaction } from '../../db/client.ts';
import { findUserByEmail } from '../users/index.ts';
import { insertProfile, type NewProfile } from './profil.repository.ts';

type DemoProfile = Partial<NewProfile> & { vorname: string; nachname: string };

/** Names and details of the demo accounts, by e-mail. */
const DEMO_PROFILES: Record<string, DemoProfile> = {
  'betreiber@demo.de': { vorname: 'Bettina', nachname: 'Betreiber' },
  'therapeut@demo.de': {
    vorname: 'Thomas',
    nachname: 'Therapeut',
    ausbildung: 'Physiotherapeut (B.Sc.), Manuelle Therapie, Sportphysiotherapie',
    schwerpunkte: 'Rücken, Schulter, Sportverletzungen',
    beschreibung:
      'Seit zwölf Jahren begleite ich Patientinnen und Patienten nach Operationen und bei chronischen Rückenschmerzen. In der Videotherapie zeige ich Übungen, die Sie sicher zu Hause durchführen können.',
  },
  'therapeut2@demo.de': {
    vorname: 'Tanja',
    nachname: 'Zweig',
    ausbildung: 'Physiotherapeutin, Bobath-Konzept',
    schwerpunkte: 'Neurologie, Gleichgewicht, Sturzprävention',
    beschreibung: 'Ich unterstütze Sie dabei, Gleichgewicht und Sicherheit im Alltag zurückzugewinnen.',
  },
  'patient@demo.de': {
    vorname: 'Paula',
    nachname: 'Patientin',
    strasse: 'Lindenstraße',
    hausnummer: '12',
    plz: '10115',
    ort: 'Berlin',
    land: 'Deutschland',
    geburtsdatum: '1980-04-12',
    telefon: '030 1234567',
  },
  'patient2@demo.de': {
    vorname: 'Peter',
    nachname: 'Zweitpatient',
    ort: 'Hamburg',
    land: 'Deutschland',
    geburtsdatum: '1975-09-30',
  },
  'firmenpatient@demo.de': {
    vorname: 'Fiona',
    nachname: 'Firmenpatientin',
    ort: 'München',
    land: 'Deutschland',
    geburtsdatum: '1990-01-05',
  },
};

/** Creates a profile for every demo account. */
export async function seedDemoProfiles(tx: Transaction): Promise<void> {
  for (const [email, profile] of Object.entries(DEMO_PROFILES)) {
    const user = await findUserByEmail(tx, email);
    if (user) await insertProfile(tx, { userId: user.id, ...profile });
  }
}
