import { addDays, berlinToUtc, utcToBerlin } from '@dihs/contract/common/time';
import type { Transaction } from '../../db/client.ts';
import { DEMO_FIRMA, findFirmaIdByName } from '../firma/index.ts';
import { findUserByEmail } from '../users/index.ts';
import { insertSeatRows, insertTermin, insertTermine } from './termin.repository.ts';

/**
 * Demo appointments of every type relative to the seeding day: active ones in the coming weeks for both demo
 * therapists, one in planning, one cancelled, one for the Demo GmbH, and one past appointment that
 * patient@demo.de booked and attended.
 */
export async function seedDemoTermine(tx: Transaction, now: Date = new Date()): Promise<void> {
  const id = async (email: string) => (await findUserByEmail(tx, email))?.id;
  const t1 = await id('therapeut@demo.de');
  const t2 = await id('therapeut2@demo.de');
  const patient = await id('patient@demo.de');
  if (!t1 || !t2 || !patient) return;
  const firmaId = await findFirmaIdByName(tx, DEMO_FIRMA);
  const today = utcToBerlin(now)[0];
  const at = (days: number, time: string) => berlinToUtc(addDays(today, days), time);
  const base = { status: 'AKTIV' as const, istFirmentermin: false, firmaId: null, everyoneView: false };
  await insertTermine(tx, [
    {
      ...base,
      datum: at(2, '10:00'),
      dauer: 20,
      termintyp: 'EINZEL',
      befund: 'Rückenschmerzen',
      details: 'Befundaufnahme und Übungsauswahl',
      therapeutUserId: t1,
      maxTeilnehmer: 1,
    },
    {
      ...base,
      datum: at(3, '17:00'),
      dauer: 30,
      termintyp: 'GRUPPE',
      befund: 'Rückenschmerzen',
      details: 'Rückenschule in der Gruppe',
      therapeutUserId: t1,
      maxTeilnehmer: 8,
      everyoneView: true,
    },
    {
      ...base,
      datum: at(5, '09:30'),
      dauer: 20,
      termintyp: 'TELEFON',
      befund: 'Knie-Arthrose',
      details: 'Telefonische Beratung',
      therapeutUserId: t2,
      maxTeilnehmer: 1,
    },
    {
      ...base,
      datum: at(7, '14:00'),
      dauer: 40,
      termintyp: 'ANAMNESE',
      befund: 'Schulter-Impingement',
      details: 'Erstgespräch mit Anamnese',
      therapeutUserId: t2,
      maxTeilnehmer: 1,
    },
    {
      ...base,
      datum: at(9, '11:00'),
      dauer: 20,
      termintyp: 'BEFUND',
      befund: 'Nackenverspannung',
      details: 'Befundtermin',
      therapeutUserId: t1,
      maxTeilnehmer: 1,
    },
    {
      ...base,
      datum: at(14, '18:00'),
      dauer: 30,
      termintyp: 'GRUPPE',
      befund: 'Knie-Arthrose',
      details: 'Kniegruppe',
      therapeutUserId: t2,
      maxTeilnehmer: 6,
    },
    {
      ...base,
      datum: at(21, '10:00'),
      dauer: 20,
      termintyp: 'EINZEL',
      befund: 'Nackenverspannung',
      details: 'Kontrolle des Trainingsplans',
      therapeutUserId: t1,
      maxTeilnehmer: 1,
      status: 'PLANUNG',
    },
    {
      ...base,
      datum: at(10, '16:00'),
      dauer: 30,
      termintyp: 'GRUPPE',
      befund: 'Rückenschmerzen',
      details: 'Abgesagte Rückengruppe',
      therapeutUserId: t2,
      maxTeilnehmer: 8,
      status: 'ABGESAGT',
    },
    ...(firmaId !== undefined
      ? [
          {
            ...base,
            datum: at(4, '12:00'),
            dauer: 30,
            termintyp: 'GRUPPE' as const,
            befund: 'Nackenverspannung',
            details: 'Bewegte Mittagspause der Demo GmbH',
            therapeutUserId: t1,
            maxTeilnehmer: 10,
            istFirmentermin: true,
            firmaId,
          },
        ]
      : []),
  ]);
  // The attended past appointment: inserted with its seat already counted (booking rules apply to the future only).
  const pastId = await insertTermin(tx, {
    ...base,
    datum: at(-7, '10:00'),
    dauer: 20,
    termintyp: 'EINZEL',
    befund: 'Rückenschmerzen',
    details: 'Erster Einzeltermin',
    therapeutUserId: t1,
    maxTeilnehmer: 1,
    anzahlTeilnehmer: 1,
  });
  await insertSeatRows(tx, [
    {
      terminId: pastId,
      patientUserId: patient,
      status: 'GEBUCHT',
      zahlungsart: 'GUTHABEN',
      creditKind: 'bezahltEinzelTermin',
      teilgenommen: true,
      beigetreten: true,
      bookedAt: at(-10, '09:00'),
      reminderSentAt: at(-8, '10:00'),
    },
  ]);
  // The video session to try at once after `npm start`: opens 5 minutes before its start, lasts a working day.
  const sitzungId = await insertTermin(tx, {
    ...base,
    datum: new Date(now.getTime() + 5 * 60_000),
    dauer: 480,
    termintyp: 'EINZEL',
    // A finding no other demo appointment of this therapist has, so lists and tests can tell them apart.
    befund: 'Schulter-Impingement',
    details: 'Videositzung zum Ausprobieren',
    therapeutUserId: t1,
    maxTeilnehmer: 1,
    anzahlTeilnehmer: 1,
  });
  await insertSeatRows(tx, [
    {
      terminId: sitzungId,
      patientUserId: patient,
      status: 'GEBUCHT',
      zahlungsart: 'GUTHABEN',
      creditKind: 'bezahltEinzelTermin',
      bookedAt: now,
      // A reminder 24 hours ahead makes no sense for an appointment in five minutes.
      reminderSentAt: now,
    },
  ]);
}
