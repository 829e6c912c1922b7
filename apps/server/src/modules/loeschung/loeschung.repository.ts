import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { releaseOpenCartsOf } from '../cart/index.ts';
import { oneTimeCodes } from '../codes/index.ts';
import { deleteFeedbackOf } from '../feedback/index.ts';
import { mailOutbox } from '../mail/index.ts';
import { documentation, profiles } from '../profil/index.ts';
import { releaseFutureSeatsOf } from '../termin/index.ts';
import { users } from '../users/index.ts';
import { deleteSitzungEreignisseOf } from '../video/index.ts';
import { deletionJobs } from './loeschung.table.ts';

export const findJob = async (db: Database, patientUserId: number) =>
  (await db.select().from(deletionJobs).where(eq(deletionJobs.patientUserId, patientUserId)))[0];

/** Creates the job unless one exists (the unique patient id makes a second click harmless). */
export async function createJob(db: Database, patientUserId: number, startedBy: number) {
  await db.insert(deletionJobs).values({ patientUserId, startedBy }).onConflictDoNothing();
  return findJob(db, patientUserId);
}

export const unfinishedJobs = (db: Database) =>
  db.select().from(deletionJobs).where(eq(deletionJobs.status, 'gestartet'));

export async function markJob(db: Database, id: number, status: 'abgeschlossen' | 'fehler', error?: string) {
  await db
    .update(deletionJobs)
    .set({ status, finishedAt: new Date(), lastError: error ?? null })
    .where(eq(deletionJobs.id, id));
}

/**
 * Removes or anonymises every record of the patient, in one transaction. Returns the file-store keys to delete
 * after commit. Every module that stores personal data of patients adds its step here (docs/decisions.md).
 */
export async function erasePatient(tx: Transaction, userId: number): Promise<string[]> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  if (!user) return [];
  const [profile] = await tx
    .select({ profilbild: profiles.profilbild })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  // profile: names, address, birth date, phone, remarks, photo
  await tx.delete(profiles).where(eq(profiles.userId, userId));
  // documentation written about the patient (health data)
  await tx.delete(documentation).where(eq(documentation.patientUserId, userId));
  // one-time codes (they may carry a new e-mail address)
  await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.userId, userId));
  // mails to the patient, sent or not: their text names the patient
  await tx.delete(mailOutbox).where(eq(mailOutbox.recipient, user.email));
  // feedback sent from the contact form under the patient's address (it may describe their health)
  await deleteFeedbackOf(tx, user.email);
  // open carts ended (payment cancelled, seats freed, no refund: the account is gone)
  await releaseOpenCartsOf(tx, userId, new Date());
  // video session metadata (who joined when)
  await deleteSitzungEreignisseOf(tx, userId);
  // appointments: future seats freed for others; past bookings kept for accounting (ids and flags only)
  await releaseFutureSeatsOf(tx, userId, new Date());
  // The account row stays for records that must be kept (payments, appointments), stripped of everything personal.
  await tx
    .update(users)
    .set({
      email: `geloescht-${userId}@geloescht.invalid`,
      passwordHash: `geloescht:${randomBytes(16).toString('hex')}`,
      privileges: [],
      active: false,
      failedLogins: 0,
      lockedAt: null,
      secondFactorSecret: null,
      emailConfirmed: false,
      firmaId: null,
      deletedAt: new Date(),
    })
    .where(eq(users.id, userId));
  return profile?.profilbild ? [profile.profilbild] : [];
}
