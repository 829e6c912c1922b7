import { addDays, berlinDay, berlinToUtc } from '@dihs/contract/common/time';
import type { Transaction } from '../../db/client.ts';
import { findUserByEmail } from '../users/index.ts';
import {
  copyVorlageIntoSet,
  insertErledigt,
  insertSet,
  insertUebung,
  insertVorlage,
  insertVorlageUebung,
  orderedEintragIds,
  setsOf,
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

/**
 * The demo patient's last two weeks with the plan, by days before the seed (today, day 0, is left for the visitor
 * to tick): the plan began 14 days ago; on the days in `ausgelassen` nothing was done, on the days in `teilweise`
 * only the first n exercises. Fixed, not random, so tests and screenshots can rely on it: 27 of 42 due marks, 64 %.
 */
export const DEMO_TRAINING = {
  planSeitTagen: 14,
  ausgelassen: [11, 8, 4] as readonly number[],
  teilweise: { 9: 2, 2: 1 } as Readonly<Record<number, number>>,
  /** Marks recorded without a pain rating: [days before the seed, exercise index]. */
  ohneSchmerz: [
    [12, 2],
    [6, 2],
  ] as readonly (readonly [number, number])[],
};

/** Pain during exercise `index` on the day `tageVorher` days before the seed: from 6 falling to 2, per exercise ±1. */
function demoSchmerz(tageVorher: number, index: number): number {
  const verlauf = 2 + Math.round((4 * (tageVorher - 1)) / 12);
  return Math.min(10, Math.max(0, verlauf + ([0, 1, -1][index] ?? 0)));
}

/**
 * Demo exercises, a template "Rückenschmerzen" by therapeut@demo.de and a plan from it for patient@demo.de, valid
 * for two weeks, with the patient's done marks and pain ratings of those days (issue 29 item 4: the therapist's
 * adherence view has something to show). Skipped when the patient has a plan already.
 */
export async function seedDemoTraining(tx: Transaction, now: Date = new Date()): Promise<void> {
  const therapeut = await findUserByEmail(tx, 'therapeut@demo.de');
  const patient = await findUserByEmail(tx, 'patient@demo.de');
  if (!therapeut || !patient || (await setsOf(tx, patient.id)).length > 0) return;
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
  const today = berlinDay(now);
  const set = await insertSet(tx, {
    patientUserId: patient.id,
    therapeutUserId: therapeut.id,
    validFrom: berlinToUtc(addDays(today, -DEMO_TRAINING.planSeitTagen), '08:00'),
  });
  await copyVorlageIntoSet(tx, vorlage.id, set.id);
  const eintraege = await orderedEintragIds(tx, set.id);
  const marks = [];
  for (let tageVorher = DEMO_TRAINING.planSeitTagen - 1; tageVorher >= 1; tageVorher--) {
    if (DEMO_TRAINING.ausgelassen.includes(tageVorher)) continue;
    const tag = addDays(today, -tageVorher);
    const anzahl = DEMO_TRAINING.teilweise[tageVorher] ?? eintraege.length;
    for (const [index, eintrag] of eintraege.slice(0, anzahl).entries()) {
      const ohne = DEMO_TRAINING.ohneSchmerz.some(([tage, i]) => tage === tageVorher && i === index);
      marks.push({
        eintragId: eintrag.id,
        patientUserId: patient.id,
        tag,
        schmerz: ohne ? null : demoSchmerz(tageVorher, index),
        // in the evening of that day, one exercise after the other
        erfasstAm: berlinToUtc(tag, `18:${String(10 * index).padStart(2, '0')}`),
      });
    }
  }
  await insertErledigt(tx, marks);
}
