import type { Transaction } from '../../db/client.ts';
import { findUserByEmail } from '../users/index.ts';
import {
  copyVorlageIntoSet,
  insertSet,
  insertUebung,
  insertVorlage,
  insertVorlageUebung,
} from './training.repository.ts';

/** Demo exercises (links to public Vimeo videos; their thumbnails are fetched when an exercise is saved). */
export const DEMO_UEBUNGEN = [
  {
    titel: 'Katzenbuckel im Vierfüßlerstand',
    beschreibung: 'Im Vierfüßlerstand den Rücken langsam rund machen und wieder absenken. Ruhig weiteratmen.',
    videoUrl: 'https://vimeo.com/76979871',
  },
  {
    titel: 'Beckenheben in Rückenlage',
    beschreibung: 'In Rückenlage die Füße aufstellen, das Becken anheben, kurz halten und langsam ablegen.',
    videoUrl: 'https://vimeo.com/22439234',
  },
  {
    titel: 'Schulterkreisen',
    beschreibung: 'Aufrecht sitzen oder stehen und die Schultern langsam nach hinten kreisen.',
    videoUrl: 'https://vimeo.com/1084537',
  },
  {
    titel: 'Dehnung der Oberschenkelrückseite',
    beschreibung: 'Ein Bein gestreckt auf einen Hocker legen, den Oberkörper gerade nach vorn neigen, halten.',
    videoUrl: 'https://vimeo.com/90509568',
  },
] as const;

/** Demo exercises, a template "Rückenschmerzen" by therapeut@demo.de and a plan from it for patient@demo.de. */
export async function seedDemoTraining(tx: Transaction, now: Date = new Date()): Promise<void> {
  const therapeut = await findUserByEmail(tx, 'therapeut@demo.de');
  const patient = await findUserByEmail(tx, 'patient@demo.de');
  if (!therapeut || !patient) return;
  const ids: number[] = [];
  for (const uebung of DEMO_UEBUNGEN) ids.push((await insertUebung(tx, { ...uebung, erstelltVon: therapeut.id })).id);
  const vorlage = await insertVorlage(tx, therapeut.id, 'Rückenschmerzen');
  const zahlen = [
    { dauer: 60, anzahl: 10, pause: 30, wiederholungen: 3, information: 'Langsam und ohne Schwung.' },
    { dauer: 45, anzahl: 12, pause: 30, wiederholungen: 3, information: 'Oben zwei Sekunden halten.' },
    { dauer: 30, anzahl: 1, pause: 15, wiederholungen: 2, information: 'Beide Seiten dehnen.' },
  ];
  for (const [index, uebungId] of [ids[0], ids[1], ids[3]].entries()) {
    await insertVorlageUebung(tx, vorlage.id, uebungId!, zahlen[index]!);
  }
  const set = await insertSet(tx, { patientUserId: patient.id, therapeutUserId: therapeut.id, validFrom: now });
  await copyVorlageIntoSet(tx, vorlage.id, set.id);
}
