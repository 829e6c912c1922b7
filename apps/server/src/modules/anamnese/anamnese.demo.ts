import { LEERE_ANAMNESE } from '@dihs/contract/anamnese';
import { berlinDay } from '@dihs/contract/common/time';
import type { Transaction } from '../../db/client.ts';
import { findUserByEmail } from '../users/index.ts';
import { signAnamnese, upsertAnamnese } from './anamnese.repository.ts';

/** patient@demo.de's signed medical history with three pain points (lower back, right knee, neck). */
export async function seedDemoAnamnese(tx: Transaction, now: Date = new Date()): Promise<void> {
  const patient = await findUserByEmail(tx, 'patient@demo.de');
  if (!patient) return;
  await upsertAnamnese(
    tx,
    patient.id,
    {
      ...LEERE_ANAMNESE,
      groesse: 176,
      gewicht: 78,
      beruf: 'Bürokaufmann',
      hobbys: 'Gartenarbeit, Wandern',
      computerzeit: 7,
      sportart1: 'Radfahren',
      sportart1antwort: 1,
      sportart2: 'Schwimmen',
      sportart2antwort: 0,
      diagnose: 'Lumbago, Verdacht auf Bandscheibenvorwölbung L4/L5',
      erkrankungen: 'Keine',
      medikamente: 'Keine',
      schmerzmedikamente: 'Ibuprofen 400 mg bei Bedarf',
      allergien: 'Pollen',
      chronisch: 'Keine',
      therapien: 'Sechs Einheiten Krankengymnastik im Frühjahr',
      alltag: 'Längeres Sitzen und Bücken fallen schwer.',
      berufsprobleme: 'Nach langen Bürotagen stärkere Beschwerden.',
      psychischBeeintraechtigt: 4,
      schmerzen: 0,
      seitWannSchmerzen: 2,
      woSchmerzen: [
        { seite: 'HINTEN', x: 0.5, y: 0.41 },
        { seite: 'VORNE', x: 0.4, y: 0.75 },
        { seite: 'HINTEN', x: 0.5, y: 0.163 },
      ],
      schmerzVerstaerkt: 'Langes Sitzen, Heben',
      schmerzArt2: true,
      schmerzArt4: true,
      schmerzArt9: true,
      schmerzStaerkeRuhe: 3,
      schmerzStaerkeBelastung: 7,
      angabenDatum: berlinDay(now),
    },
    now,
  );
  await signAnamnese(tx, patient.id, now);
}
