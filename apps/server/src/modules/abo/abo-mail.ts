import { formatDayDe } from '@dihs/contract/common/time';
import type { Transaction } from '../../db/client.ts';
import { enqueueMail, platformMail } from '../mail/index.ts';
import { findPersonInfo } from '../profil/index.ts';
import type { AboRow } from './abo.table.ts';

/** The subjects, for tests and the decision record. */
export const ABO_MAIL_SUBJECTS = {
  gebucht: 'Ihr Abo ist gebucht',
  gekuendigt: 'Ihre Kündigung ist eingegangen',
  storniert: 'Ihre Abo-Buchung ist storniert',
  widerrufen: 'Ihre Kündigung ist widerrufen',
} as const;

/** What one booking interval includes, in words ("2 Einzeltermine, 1 Gruppentermin"). */
function leistungen(abo: AboRow): string {
  const parts: [number, string, string][] = [
    [abo.einzelTermine, 'Einzeltermin', 'Einzeltermine'],
    [abo.gruppenTermine, 'Gruppentermin', 'Gruppentermine'],
    [abo.befundtermine, 'Befundtermin', 'Befundtermine'],
    [abo.trainingsplaene, 'Trainingsplan', 'Trainingspläne'],
  ];
  return parts
    .filter(([count]) => count > 0)
    .map(([count, one, many]) => `${count} ${count === 1 ? one : many}`)
    .join(', ');
}

const zeitraum = (months: number) => (months === 1 ? 'je Monat' : `je ${months} Monate`);

/** Enqueues a subscription mail to its patient in the caller's transaction; nothing for a deleted account. */
async function send(tx: Transaction, abo: AboRow, subject: string, paragraphs: string[]): Promise<void> {
  const patient = await findPersonInfo(tx, abo.patientUserId);
  if (!patient || patient.deletedAt) return;
  await enqueueMail(tx, platformMail(patient, subject, paragraphs));
}

/** The subscription became active (booked and paid, free, or assigned). */
export function enqueueAboGebuchtMail(tx: Transaction, abo: AboRow): Promise<void> {
  const inklusive = leistungen(abo);
  return send(tx, abo, ABO_MAIL_SUBJECTS.gebucht, [
    `Ihr Abo „${abo.title}“ ist ab dem ${formatDayDe(abo.beginn)} aktiv.`,
    ...(inklusive ? [`Enthalten sind ${zeitraum(abo.buchungMonate)}: ${inklusive}.`] : []),
    ...(abo.bezahlabo && abo.laufzeitEnde
      ? [
          `Die aktuelle Laufzeit endet am ${formatDayDe(abo.laufzeitEnde)}. Kündigen können Sie in Ihrem Profil${
            abo.letztmoeglicherKuendigungsTag ? ` bis zum ${formatDayDe(abo.letztmoeglicherKuendigungsTag)}` : ''
          }; ohne Kündigung verlängert sich das Abo.`,
        ]
      : []),
    'Die Abobestätigung können Sie jederzeit in Ihrem Profil herunterladen.',
  ]);
}

/** The patient cancelled a running subscription to `ende`. */
export function enqueueAboGekuendigtMail(tx: Transaction, abo: AboRow, ende: string): Promise<void> {
  return send(tx, abo, ABO_MAIL_SUBJECTS.gekuendigt, [
    `wir bestätigen die Kündigung Ihres Abos „${abo.title}“. Das Abo endet am ${formatDayDe(ende)}; bis dahin können Sie seine Leistungen weiter nutzen.`,
    'Solange das Abo läuft, können Sie die Kündigung in Ihrem Profil widerrufen. Die Kündigungsbestätigung können Sie dort herunterladen.',
  ]);
}

/** The patient cancelled a booking that was not paid yet: it ended at once, nothing was charged. */
export function enqueueAboStorniertMail(tx: Transaction, abo: AboRow): Promise<void> {
  return send(tx, abo, ABO_MAIL_SUBJECTS.storniert, [
    `Ihre noch nicht bezahlte Buchung des Abos „${abo.title}“ ist storniert. Es wurde nichts berechnet.`,
  ]);
}

/** The patient withdrew the cancellation: the subscription runs on. */
export function enqueueAboWiderrufenMail(tx: Transaction, abo: AboRow): Promise<void> {
  return send(tx, abo, ABO_MAIL_SUBJECTS.widerrufen, [
    `Sie haben die Kündigung Ihres Abos „${abo.title}“ widerrufen. Das Abo läuft weiter${
      abo.laufzeitEnde ? `; die aktuelle Laufzeit endet am ${formatDayDe(abo.laufzeitEnde)}` : ''
    }.`,
  ]);
}
