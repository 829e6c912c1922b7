import {
  ABO_TEXTS,
  ABO_ZAHLUNGSFRIST_TAGE,
  detailedStatusLabel,
  endeGrundLabel,
  type Abo,
  type AboStatus,
} from '@dihs/contract/abo';
import type { SessionClaims } from '@dihs/contract/auth';
import type { Database, Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import { assertEmailConfirmed } from '../accounts/index.ts';
import { InsufficientCreditError } from '../guthaben/index.ts';
import { addDays, berlinDay, formatDayDe } from '@dihs/contract/common/time';
import { kuendigungZum, laufzeitNrAm, periodeBeginn, periodeEnde } from './abo-dates.ts';
import { aktivieren, beenden, isAktiv, lockAboMitZahlungen, vertragsdaten, zahlungAnfordern } from './abo-lifecycle.ts';
import { enqueueAboGekuendigtMail, enqueueAboStorniertMail, enqueueAboWiderrufenMail } from './abo-mail.ts';
import { paketOder404 } from './abo-paket.service.ts';
import {
  abosBeendetSeit,
  findLaufendesAbo,
  findOffeneAboZahlung,
  findPaket,
  hasAktivesAbo,
  hinweiseSeit,
  insertAbo,
  updateAbo,
} from './abo.repository.ts';
import type { AboPaketRow, AboRow } from './abo.table.ts';
import { findPersonInfo } from '../profil/index.ts';

/** How long notices about ended subscriptions and payments stay visible. */
const HINWEIS_TAGE = 30;

/**
 * A change of money or state in one transaction. An end takes back unused credit; should an appointment spend it
 * between our reading and our booking, the ledger refuses and the whole change is tried again.
 */
async function transaktion<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt < 3 && error instanceof InsufficientCreditError) continue;
      throw error;
    }
  }
}

/** The subscription as the API answers it; the package's flags are read as they are now. */
export async function toAbo(db: Database | Transaction, row: AboRow): Promise<Abo> {
  const paket = await findPaket(db, row.aboPaketId);
  return {
    id: row.id,
    aboPaket: {
      aboPaketId: row.aboPaketId,
      title: row.title,
      trainingsplaene: row.trainingsplaene,
      befundtermine: row.befundtermine,
      einzelTermineProQuartal: row.einzelTermine,
      gruppenTermineProQuartal: row.gruppenTermine,
      laufzeitMonate: row.laufzeitMonate,
      buchungMonate: row.buchungMonate,
      kostenProQuartalCent: row.kostenCent,
      kuendigungsfristMonate: row.kuendigungsfristMonate,
      aktiv: paket?.aktiv ?? false,
      buchbar: paket?.buchbar ?? false,
    },
    status: row.status,
    detailedStatus: detailedStatusLabel(row.status),
    bezahlabo: row.bezahlabo,
    buchungsdatum: row.buchungsdatum.toISOString(),
    beginn: row.beginn,
    laufzeitEnde: row.laufzeitEnde,
    vertragsendeDatum: row.vertragsendeDatum,
    letztmoeglicherKuendigungsTag: row.letztmoeglicherKuendigungsTag,
    naechsteAbrechnung: isAktiv(row.status) ? row.naechstePeriode : null,
    zahlungsfrist: row.status === 'WARTE_AUF_ABOZAHLUNG' ? row.zahlungsfrist : null,
    kuendigungVorgemerkt: row.kuendigungVorgemerkt,
    kuendigungBetreiberVorgemerkt: row.kuendigungBetreiberVorgemerkt,
    widerrufen: row.widerrufen,
    endeGrund: row.vertragsendeDatum ? endeGrundLabel(row) : null,
  };
}

/** The patient (role PATIENT, not deleted) or 404. */
async function patientOder404(db: Database | Transaction, patientId: number) {
  const patient = await findPersonInfo(db, patientId);
  if (!patient || patient.role !== 'PATIENT' || patient.deletedAt !== null)
    throw HttpError.notFound(ABO_TEXTS.patientNichtGefunden);
  return patient;
}

/** A new subscription row with the package's terms copied (the demo seed's too). */
export function neuesAbo(
  paket: AboPaketRow,
  patientUserId: number,
  bezahlabo: boolean,
  now: Date,
  operatorId?: number,
) {
  return {
    patientUserId,
    aboPaketId: paket.id,
    title: paket.title,
    trainingsplaene: paket.trainingsplaene,
    befundtermine: paket.befundtermine,
    einzelTermine: paket.einzelTermineProQuartal,
    gruppenTermine: paket.gruppenTermineProQuartal,
    laufzeitMonate: paket.laufzeitMonate,
    buchungMonate: paket.buchungMonate,
    kostenCent: paket.kostenProQuartalCent,
    kuendigungsfristMonate: paket.kuendigungsfristMonate,
    status: 'INBUCHUNG' as const,
    bezahlabo,
    buchungsdatum: now,
    zugewiesenVon: operatorId ?? null,
  };
}

/** A second running subscription fails on the partial unique index: answered as "already subscribed". */
async function einmalig<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw HttpError.badRequest(ABO_TEXTS.bereitsAbo);
    throw error;
  }
}

/** The running subscription of a patient, locked, or 404 with the message. */
async function laufendesAboGesperrt(tx: Transaction, patientId: number, message: string): Promise<AboRow> {
  const current = await findLaufendesAbo(tx, patientId);
  const locked = current ? await lockAboMitZahlungen(tx, current.id) : undefined;
  if (
    !locked ||
    !(['INBUCHUNG', 'INBEZAHLUNG', 'AKTIV', 'WARTE_AUF_ABOZAHLUNG'] as AboStatus[]).includes(locked.status)
  ) {
    throw HttpError.notFound(message);
  }
  return locked;
}

/** A patient's own subscription by id; another's or an unknown id is 404 (ids of others are not revealed). */
async function eigenesAboGesperrt(tx: Transaction, patientId: number, aboId: number): Promise<AboRow> {
  const abo = await lockAboMitZahlungen(tx, aboId);
  if (!abo || abo.patientUserId !== patientId) throw HttpError.notFound(ABO_TEXTS.aboNichtGefunden);
  return abo;
}

/** GET /abo/patient/aktiv and /abo/betreiber/{patientId}/aktiv: the subscription that has not ended, or null. */
export async function laufendesAbo(db: Database, patientId: number, asOperator: boolean): Promise<Abo | null> {
  if (asOperator) await patientOder404(db, patientId);
  const row = await findLaufendesAbo(db, patientId);
  return row ? toAbo(db, row) : null;
}

/**
 * GET /abo/patient/placeOrder/{id}: books a package of the shop. A booking that is still unpaid is replaced; a
 * running subscription is refused. Answers the payment address, or "" when nothing is to be paid (free package).
 */
export async function bestellen(db: Database, patientId: number, paketId: number, now: Date): Promise<string> {
  await assertEmailConfirmed(db, patientId);
  const paket = await paketOder404(db, paketId);
  if (!paket.aktiv || !paket.buchbar) throw HttpError.badRequest(ABO_TEXTS.paketNichtBuchbar);
  return einmalig(() =>
    transaktion(db, async (tx) => {
      const current = await findLaufendesAbo(tx, patientId);
      if (current) {
        const locked = await lockAboMitZahlungen(tx, current.id);
        if (locked && isAktiv(locked.status)) throw HttpError.badRequest(ABO_TEXTS.bereitsAbo);
        if (locked && (locked.status === 'INBUCHUNG' || locked.status === 'INBEZAHLUNG')) {
          await beenden(tx, locked, { status: 'CANCELED', grund: 'ERSETZT', vertragsende: null, now });
        }
      }
      const abo = await insertAbo(tx, neuesAbo(paket, patientId, true, now));
      if (abo.kostenCent === 0) {
        await aktivieren(tx, abo, null, now);
        return '';
      }
      const url = await zahlungAnfordern(tx, abo, 0);
      await updateAbo(tx, abo.id, { status: 'INBEZAHLUNG' });
      return url;
    }),
  );
}

/** GET /abo/patient/paymentLink: the checkout of the payment that is due (the open one, else a new one). */
export async function zahlungsLink(db: Database, patientId: number): Promise<string> {
  await assertEmailConfirmed(db, patientId);
  return db.transaction(async (tx) => {
    const abo = await laufendesAboGesperrt(tx, patientId, ABO_TEXTS.keineZahlungOffen);
    const nr =
      abo.status === 'WARTE_AUF_ABOZAHLUNG'
        ? abo.naechstePeriodeNr
        : abo.status === 'INBUCHUNG' || abo.status === 'INBEZAHLUNG'
          ? 0
          : null;
    if (nr === null) throw HttpError.notFound(ABO_TEXTS.keineZahlungOffen);
    const offen = await findOffeneAboZahlung(tx, abo.id, nr);
    if (offen) return offen.redirectUrl;
    const url = await zahlungAnfordern(tx, abo, nr);
    if (abo.status === 'INBUCHUNG') await updateAbo(tx, abo.id, { status: 'INBEZAHLUNG' });
    return url;
  });
}

/**
 * GET /abo/patient/cancel/{aboId}: cancels the own paid subscription to the end of the earliest term whose last
 * cancellation day has not passed; a booking not yet paid ends at once. Answers the contract's last day.
 */
export async function kuendigen(db: Database, patientId: number, aboId: number, now: Date): Promise<string> {
  const today = berlinDay(now);
  return transaktion(db, async (tx) => {
    const abo = await eigenesAboGesperrt(tx, patientId, aboId);
    if (abo.status === 'INBUCHUNG' || abo.status === 'INBEZAHLUNG') {
      await beenden(tx, abo, { status: 'CANCELED', grund: 'ABGEBROCHEN', vertragsende: today, now });
      await enqueueAboStorniertMail(tx, abo);
      return today;
    }
    if (!isAktiv(abo.status)) throw HttpError.badRequest(ABO_TEXTS.vertragsendeVorbei);
    if (!abo.bezahlabo) throw HttpError.badRequest(ABO_TEXTS.firmenaboKuendigen);
    if (abo.vertragsendeDatum) throw HttpError.badRequest(ABO_TEXTS.bereitsGekuendigt);
    const v = vertragsdaten(abo);
    const { ende } = kuendigungZum(v, today, laufzeitNrAm(v, abo.laufzeitEnde ?? today));
    await updateAbo(tx, abo.id, { kuendigungVorgemerkt: true, gekuendigtAm: now, vertragsendeDatum: ende });
    await enqueueAboGekuendigtMail(tx, abo, ende);
    return ende;
  });
}

/** GET /abo/patient/reactivate/{aboId}: withdraws the own cancellation while the contract still runs. */
export async function kuendigungWiderrufen(db: Database, patientId: number, aboId: number, now: Date): Promise<Abo> {
  return db.transaction(async (tx) => {
    const abo = await eigenesAboGesperrt(tx, patientId, aboId);
    if (!isAktiv(abo.status) || !abo.kuendigungVorgemerkt || abo.kuendigungBetreiberVorgemerkt) {
      throw HttpError.badRequest(ABO_TEXTS.keineKuendigung);
    }
    if (abo.vertragsendeDatum && abo.vertragsendeDatum < berlinDay(now)) {
      throw HttpError.badRequest(ABO_TEXTS.vertragsendeVorbei);
    }
    const updated = await updateAbo(tx, abo.id, {
      kuendigungVorgemerkt: false,
      vertragsendeDatum: null,
      gekuendigtAm: null,
      widerrufen: true,
    });
    await enqueueAboWiderrufenMail(tx, updated);
    return toAbo(tx, updated);
  });
}

/**
 * POST /abo/betreiber/abozuweisen: an operator assigns an active package to a patient without a subscription. A
 * patient of a company gets a company subscription (active at once, nothing to pay); anyone else a paid one that
 * waits for the patient's payment (free packages start at once).
 */
export async function zuweisen(
  db: Database,
  operatorId: number,
  input: { aboPaketId: number; patientId: number },
  now: Date,
): Promise<Abo> {
  const paket = await paketOder404(db, input.aboPaketId);
  if (!paket.aktiv) throw HttpError.badRequest(ABO_TEXTS.paketNichtAktiv);
  const patient = await patientOder404(db, input.patientId);
  return einmalig(() =>
    db.transaction(async (tx) => {
      if (await findLaufendesAbo(tx, patient.id)) throw HttpError.badRequest(ABO_TEXTS.bereitsAbo);
      const firmenabo = patient.firmaId !== null;
      let abo = await insertAbo(tx, neuesAbo(paket, patient.id, !firmenabo, now, operatorId));
      if (firmenabo || abo.kostenCent === 0) abo = await aktivieren(tx, abo, null, now);
      return toAbo(tx, abo);
    }),
  );
}

/**
 * POST /abo/betreiber/abobeenden/bezahlabo: ends a paid subscription at once, or at the end of its current term
 * (no notice period applies to the operator).
 */
export async function bezahlaboBeenden(
  db: Database,
  input: { sofort: boolean; patientId: number },
  now: Date,
): Promise<Abo> {
  await patientOder404(db, input.patientId);
  return transaktion(db, async (tx) => {
    const abo = await laufendesAboGesperrt(tx, input.patientId, ABO_TEXTS.keinAbo);
    if (!abo.bezahlabo) throw HttpError.badRequest(ABO_TEXTS.keinBezahlabo);
    const marked = { kuendigungBetreiberVorgemerkt: true, gekuendigtAm: now };
    if (input.sofort) {
      const ended = await beenden(tx, await updateAbo(tx, abo.id, marked), {
        status: 'CANCELED_BETREIBER',
        grund: 'BETREIBER',
        vertragsende: berlinDay(now),
        now,
      });
      return toAbo(tx, ended);
    }
    if (!isAktiv(abo.status) || !abo.laufzeitEnde) throw HttpError.badRequest(ABO_TEXTS.nochNichtAktiv);
    return toAbo(tx, await updateAbo(tx, abo.id, { ...marked, vertragsendeDatum: abo.laufzeitEnde }));
  });
}

/**
 * POST /abo/betreiber/abobeenden/firmenabo: a company subscription ends after the chosen day; a day in the past
 * (the default is yesterday) ends it at once.
 */
export async function firmenaboBeenden(
  db: Database,
  input: { date: string; patientId: number },
  now: Date,
): Promise<Abo> {
  await patientOder404(db, input.patientId);
  return transaktion(db, async (tx) => {
    const abo = await laufendesAboGesperrt(tx, input.patientId, ABO_TEXTS.keinAbo);
    if (abo.bezahlabo) throw HttpError.badRequest(ABO_TEXTS.keinFirmenabo);
    const marked = await updateAbo(tx, abo.id, {
      kuendigungBetreiberVorgemerkt: true,
      gekuendigtAm: now,
      vertragsendeDatum: input.date,
    });
    if (input.date < berlinDay(now)) {
      return toAbo(
        tx,
        await beenden(tx, marked, { status: 'CANCELED_BETREIBER', grund: 'BETREIBER', vertragsende: input.date, now }),
      );
    }
    return toAbo(tx, marked);
  });
}

/** GET /user/abo/{userId}/privileges: whether the user's subscription runs. A patient asks only for itself. */
export async function hatAbo(db: Database, session: SessionClaims, userId: number): Promise<boolean> {
  if (session.role === 'PATIENT' && session.userId !== userId) throw HttpError.forbidden();
  return hasAktivesAbo(db, userId);
}

/** GET /abo/patient/paymentNotice: what the patient must know about payments (shown as error alerts). */
export async function zahlungsHinweise(db: Database, patientId: number, now: Date): Promise<{ message: string }[]> {
  const messages: string[] = [];
  const current = await findLaufendesAbo(db, patientId);
  if (current?.status === 'INBUCHUNG') {
    messages.push(`Ihr Abo „${current.title}“ ist noch nicht bezahlt. Bitte schließen Sie die Bezahlung ab.`);
  } else if (current?.status === 'INBEZAHLUNG') {
    messages.push(
      `Die Bezahlung Ihres Abos „${current.title}“ ist noch nicht bestätigt. Falls Sie den Bezahlvorgang abgebrochen haben, können Sie ihn erneut starten.`,
    );
  } else if (current?.status === 'WARTE_AUF_ABOZAHLUNG' && current.beginn) {
    const v = vertragsdaten(current);
    const von = formatDayDe(periodeBeginn(v, current.naechstePeriodeNr));
    const bis = formatDayDe(periodeEnde(v, current.naechstePeriodeNr));
    const frist = formatDayDe(
      current.zahlungsfrist ?? addDays(periodeBeginn(v, current.naechstePeriodeNr), ABO_ZAHLUNGSFRIST_TAGE),
    );
    messages.push(
      `Die Abo-Zahlung für den Zeitraum vom ${von} bis ${bis} steht aus. Bitte bezahlen Sie bis zum ${frist}, sonst endet Ihr Abo.`,
    );
  }
  const since = new Date(now.getTime() - HINWEIS_TAGE * 24 * 60 * 60 * 1000);
  for (const ended of await abosBeendetSeit(db, patientId, since)) {
    if (ended.endeGrund === 'ERSTATTET') {
      messages.push(`Die Zahlung Ihres Abos „${ended.title}“ wurde erstattet; das Abo ist beendet.`);
    } else if (ended.endeGrund === 'ZAHLUNG_AUSGEBLIEBEN') {
      messages.push(
        `Ihr Abo „${ended.title}“ wurde beendet, weil die Abo-Zahlung nicht bis zum ${formatDayDe(ended.zahlungsfrist ?? berlinDay(now))} eingegangen ist.`,
      );
    }
  }
  for (const hinweis of await hinweiseSeit(db, patientId, since)) messages.push(hinweis.text);
  return messages.map((message) => ({ message }));
}
