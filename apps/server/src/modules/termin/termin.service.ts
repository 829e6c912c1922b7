import { berlinToUtc, formatDateTimeUhr, utcToBerlin } from '@dihs/contract/common/time';
import {
  TERMIN_MESSAGES,
  type TeilgenommenBody,
  type Teilnehmer,
  type Termin,
  type TerminFormParsed,
  type TerminPage,
  type TerminStatus,
} from '@dihs/contract/termin';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { findFirma } from '../firma/index.ts';
import { releaseSeatWithRefund } from './termin-sitz.service.ts';
import { enqueueStornoMail } from './termin-storno-mail.ts';
import { dayRange } from './termin-zeit.ts';
import { toTeilnehmer, toTermin, type ParticipantView, type SeatView } from './termin.mapper.ts';
import { listForOperator, listForPatient, type PatientFilter, type PatientPlanRow } from './termin-liste.repository.ts';
import {
  findTermin,
  heldSeatsOf,
  insertTermin,
  listForTherapist,
  lockTermin,
  markTeilgenommen,
  ownBookings,
  participantsOf,
  setTerminStatus,
  updateTermin,
  type ParticipantRow,
  type PatientListRow,
  type TerminWithTherapeut,
} from './termin.repository.ts';
import type { TerminRow } from './termin.table.ts';
import { findPersonInfo } from '../profil/index.ts';

export interface Mailer {
  flush(): Promise<void>;
}

/** Operator view of one appointment, with all participants. */
export async function operatorTermin(db: Database, id: number, now: Date): Promise<Termin> {
  const row = await findTermin(db, id);
  if (!row) throw HttpError.notFound(TERMIN_MESSAGES.unbekannt);
  return toTermin(row, await participantsOf(db, [id]), 'full', now);
}

export async function operatorList(
  db: Database,
  q: { typen: Termin['termintyp'][]; von?: string | undefined; bis?: string | undefined; page: number; size: number },
  now: Date,
): Promise<TerminPage> {
  const range = q.von || q.bis ? dayRange(now, q.von, q.bis) : undefined;
  const { rows, total, totalCapped } = await listForOperator(db, {
    typen: q.typen,
    from: range?.from,
    to: range?.to,
    page: q.page,
    size: q.size,
  });
  return { items: rows.map((r) => toTermin(r, r.participants, 'full', now)), total, totalCapped };
}

async function assertTherapist(db: Database, therapeutId: number): Promise<void> {
  const user = await findPersonInfo(db, therapeutId);
  if (!user || user.role !== 'THERAPEUT') throw HttpError.badRequest(TERMIN_MESSAGES.therapeutLeer);
}

async function assertFirma(db: Database, firmaId: number | null): Promise<void> {
  if (firmaId === null) return;
  if (!(await findFirma(db, firmaId))) throw HttpError.badRequest('Unbekannte Firma.');
}

/**
 * Creates (without id, status PLANUNG) or changes an appointment. A cancelled one stays as it is; a start in the
 * past is refused for new appointments and for a moved start; max participants never drop below the seats held.
 */
export async function saveTermin(db: Database, form: TerminFormParsed, now: Date): Promise<Termin> {
  await assertTherapist(db, form.therapeutId);
  await assertFirma(db, form.firmaId);
  const datum = berlinToUtc(form.datum, form.uhrzeit);
  const values = {
    datum,
    dauer: form.dauer,
    termintyp: form.termintyp,
    befund: form.befund,
    details: form.details,
    therapeutUserId: form.therapeutId,
    maxTeilnehmer: form.maxTeilnehmer,
    firmaId: form.firmaId,
    istFirmentermin: form.firmaId !== null,
    everyoneView: form.termintyp === 'GRUPPE' && form.everyoneView,
  };
  const id = await db.transaction(async (tx) => {
    if (!form.id) {
      if (datum <= now) throw HttpError.badRequest(TERMIN_MESSAGES.vergangen);
      return insertTermin(tx, { ...values, status: 'PLANUNG' });
    }
    const existing = await lockTermin(tx, form.id);
    if (!existing) throw HttpError.notFound(TERMIN_MESSAGES.unbekannt);
    if (existing.status === 'ABGESAGT') throw HttpError.badRequest(TERMIN_MESSAGES.abgesagtAenderung);
    if (datum.getTime() !== existing.datum.getTime() && datum <= now) {
      throw HttpError.badRequest(TERMIN_MESSAGES.vergangen);
    }
    if (form.maxTeilnehmer < existing.anzahlTeilnehmer) throw HttpError.badRequest(TERMIN_MESSAGES.maxUnterAnzahl);
    await updateTermin(tx, form.id, values);
    return form.id;
  });
  return operatorTermin(db, id, now);
}

export async function aktivieren(db: Database, id: number): Promise<{ id: number; status: TerminStatus }> {
  return db.transaction(async (tx) => {
    const termin = await lockTermin(tx, id);
    if (!termin) throw HttpError.notFound(TERMIN_MESSAGES.unbekannt);
    if (termin.status !== 'PLANUNG') throw HttpError.badRequest(TERMIN_MESSAGES.aktivierenNurPlanung);
    await setTerminStatus(tx, id, 'AKTIV');
    return { id, status: 'AKTIV' as const };
  });
}

/**
 * AKTIV -> ABGESAGT. In one transaction: every held seat is released and refunded by the one seat rule
 * (refundKindOf: credit back to the kind it was paid from, also for seats of open carts; once per seat) and the
 * patient notified through the outbox. A start in the past is refused.
 */
export async function absagen(
  db: Database,
  mail: Mailer,
  id: number,
  now: Date,
  authorUserId: number,
): Promise<{ id: number; status: TerminStatus }> {
  await db.transaction(async (tx) => {
    const termin = await lockTermin(tx, id);
    if (!termin) throw HttpError.notFound(TERMIN_MESSAGES.unbekannt);
    if (termin.datum <= now) throw HttpError.badRequest(TERMIN_MESSAGES.absagenVergangenheit);
    if (termin.status !== 'AKTIV') throw HttpError.badRequest(TERMIN_MESSAGES.absagenNurAktiv);
    await setTerminStatus(tx, id, 'ABGESAGT');
    const seats = await heldSeatsOf(tx, id);
    const when = formatDateTimeUhr(termin.datum);
    for (const seat of seats) {
      const result = await releaseSeatWithRefund(tx, seat.id, {
        now,
        reason: `Termin abgesagt: ${termin.befund} am ${when}`,
        reference: `termin:${id}`,
        authorUserId,
      });
      if (!result) continue;
      await enqueueStornoMail(tx, result.seat.patientUserId, termin, result.refund, 'BETREIBER');
    }
  });
  // sent in the background; the outbox worker retries failures
  mail.flush().catch(() => undefined);
  return { id, status: 'ABGESAGT' };
}

/** The operator's attendance checkbox for one booked participant; only from the appointment's start on. */
export async function setTeilgenommen(
  db: Database,
  terminId: number,
  body: TeilgenommenBody,
  now: Date,
): Promise<Teilnehmer> {
  const row = await findTermin(db, terminId);
  if (!row) throw HttpError.notFound(TERMIN_MESSAGES.unbekannt);
  if (row.termin.datum > now) throw HttpError.badRequest('Die Teilnahme kann erst ab Terminbeginn bestätigt werden.');
  if (!(await markTeilgenommen(db, terminId, body.patientId, body.teilgenommen))) {
    throw HttpError.notFound(TERMIN_MESSAGES.keinTeilnehmer);
  }
  const participant = (await participantsOf(db, [terminId])).find((p) => p.patientUserId === body.patientId);
  return toTeilnehmer(participant!, 'full');
}

/**
 * A therapist's own appointments of one status from today (Berlin) on, with participants; patient ids (the links)
 * only for therapists without a company (spec 2 "Therapist appointment plan").
 */
export async function therapistList(
  db: Database,
  therapeutUserId: number,
  status: TerminStatus,
  now: Date,
  /** Told the patients the answer names (their names; ids only in the full view): the audit log's entries. */
  shown: (patientUserIds: number[]) => void = () => {},
): Promise<Termin[]> {
  const therapist = await findPersonInfo(db, therapeutUserId);
  const view: ParticipantView = therapist?.firmaId ? 'noLinks' : 'full';
  const rows = await listForTherapist(db, therapeutUserId, status, berlinToUtc(utcToBerlin(now)[0]));
  const participants = await participantsOf(
    db,
    rows.map((r) => r.termin.id),
  );
  shown(participants.map((p) => p.patientUserId));
  return rows.map((r) => toTermin(r, participants, view, now));
}

export interface PatientQuery {
  ta: PatientFilter['kind'];
  id?: number | undefined;
  b?: string | undefined;
  t?: number | undefined;
  typen: Termin['termintyp'][];
  von?: string | undefined;
  bis?: string | undefined;
  firma: boolean;
  page: number;
  size: number;
}

/**
 * Other patients' names only in group appointments with everyoneView that the patient has booked (paid seat); never
 * ids or attendance. A patient browsing free appointments or holding an unpaid reservation sees no names (issue 15).
 */
const sharesNames = (r: { termin: TerminRow; seat: SeatView | null }) =>
  r.termin.termintyp === 'GRUPPE' && r.termin.everyoneView && r.seat?.status === 'GEBUCHT';

const toPatientTermin = (
  r: TerminWithTherapeut & { seat: SeatView | null },
  participants: ParticipantRow[],
  now: Date,
) => toTermin(r, participants, sharesNames(r) ? 'namesOnly' : 'none', now, r.seat);

/** The patient's own bookings with the names of shared group appointments (read in a second query). */
async function patientView(db: Database, rows: PatientListRow[], now: Date) {
  const participants = await participantsOf(
    db,
    rows.filter(sharesNames).map((r) => r.termin.id),
  );
  return rows.map((r) => toPatientTermin(r, participants, now));
}

/**
 * The patient plan (also the operator's view of a patient's plan): one statement, which answers no rows for an
 * account that is no patient; only then is the account read, to tell 404 from an empty plan.
 */
export async function patientList(
  db: Database,
  patientUserId: number,
  q: PatientQuery,
  now: Date,
): Promise<TerminPage> {
  const range = dayRange(now, q.von, q.bis);
  const { rows, total, totalCapped } = await listForPatient(db, {
    patientUserId,
    kind: q.ta,
    id: q.id,
    befund: q.b,
    therapeutUserId: q.t,
    typen: q.typen,
    from: range.from,
    to: range.to,
    nurFirma: q.firma,
    now,
    page: q.page,
    size: q.size,
  });
  if (rows.length === 0) {
    const patient = await findPersonInfo(db, patientUserId);
    if (!patient || patient.role !== 'PATIENT' || patient.deletedAt) throw HttpError.notFound('Unbekannter Patient.');
  }
  return { items: rows.map((r: PatientPlanRow) => toPatientTermin(r, r.participants, now)), total, totalCapped };
}

/** The patient's own seats (booked or awaiting payment). */
export async function patientBookings(db: Database, patientUserId: number, now: Date): Promise<Termin[]> {
  return patientView(db, await ownBookings(db, patientUserId), now);
}
