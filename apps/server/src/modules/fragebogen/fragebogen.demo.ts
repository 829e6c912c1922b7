import type { FrageTyp } from '@dihs/contract/fragebogen';
import type { Transaction } from '../../db/client.ts';
import { findUserByEmail } from '../users/index.ts';
import {
  insertDefinition,
  insertPatientFragebogen,
  insertQuestion,
  publishPatientFragebogen,
  replaceAnswers,
  updateDefinition,
  updateQuestion,
} from './fragebogen.repository.ts';

type DemoFrage = [frage: string, typ: FrageTyp, abhaengig?: [index: number, wenn: boolean]];

/** The published demo questionnaire: a pain question whose follow-ups show only on "Ja". */
const DEMO_FRAGEN: DemoFrage[] = [
  ['Haben Sie aktuell Schmerzen?', 'WAHRHEITSWERT'],
  ['Wie stark sind die Schmerzen heute?', 'SKALA', [0, true]],
  ['Strahlen die Schmerzen in Arme oder Beine aus?', 'WAHRHEITSWERT', [0, true]],
  ['Wie gut können Sie sich im Alltag bewegen?', 'SKALA'],
  ['Was möchten Sie mit der Therapie erreichen?', 'FREITEXT'],
];

/**
 * Demo questionnaires: the published "Befundfragebogen Rücken" and one questionnaire patient@demo.de submitted
 * a week ago, so the patient's list and the PDF show something at once.
 */
export async function seedDemoFrageboegen(tx: Transaction, now: Date = new Date()): Promise<void> {
  const definitionId = await insertDefinition(tx, 'Befundfragebogen Rücken');
  const ids: number[] = [];
  for (const [index, [frage, typ]] of DEMO_FRAGEN.entries()) {
    ids.push(await insertQuestion(tx, { fragebogenId: definitionId, frage, typ, position: index + 1 }));
  }
  for (const [index, [, , abhaengig]] of DEMO_FRAGEN.entries()) {
    if (!abhaengig) continue;
    await updateQuestion(tx, ids[index]!, {
      abhaengigVonFrageId: ids[abhaengig[0]]!,
      abhaengigVonBedingung: abhaengig[1],
    });
  }
  const weekAgo = new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000);
  await updateDefinition(tx, definitionId, { veroeffentlicht: new Date(weekAgo.getTime() - 60 * 60 * 1000) });

  const patient = await findUserByEmail(tx, 'patient@demo.de');
  const therapeut = await findUserByEmail(tx, 'therapeut@demo.de');
  if (!patient) return;
  const bogen = await insertPatientFragebogen(tx, {
    patientUserId: patient.id,
    definitionId,
    titel: 'Befundfragebogen Rücken',
    erstelltVon: therapeut?.id ?? patient.id,
  });
  await replaceAnswers(tx, bogen.id, [
    { frageId: ids[0]!, antwort: true },
    { frageId: ids[1]!, antwort: 6 },
    { frageId: ids[2]!, antwort: false },
    { frageId: ids[3]!, antwort: 7 },
    { frageId: ids[4]!, antwort: 'Wieder schmerzfrei im Garten arbeiten.' },
  ]);
  await publishPatientFragebogen(tx, bogen.id, weekAgo);
}
