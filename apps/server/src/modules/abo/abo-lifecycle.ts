import { enqueueAboGebuchtMail } from './abo-mail.ts';
import { ABO_ZAHLUNGSFRIST_TAGE, AKTIVE_ABO_STATUSES, type AboStatus } from '@dihs/contract/abo';
import type { Transaction } from '../../db/client.ts';
import { addLedgerEntries, balanceOf, reverseReference, type CreditKind } from '../guthaben/index.ts';
import { findPersonInfo } from '../profil/index.ts';
import { setHatAbo } from '../users/index.ts';
import {
  cancelPayment,
  createPayment,
  lockPaymentsFirst,
  type PaymentStatus,
  type ZahlungRow,
} from '../zahlung/index.ts';
import { addDays, berlinDay, formatDayDe } from '@dihs/contract/common/time';
import {
  laufzeitEnde,
  laufzeitNrVonPeriode,
  letzterKuendigungsTag,
  periodeBeginn,
  periodeEnde,
  type Vertragsdaten,
} from './abo-dates.ts';
import {
  findAboZahlung,
  insertAboZahlung,
  insertHinweis,
  insertPeriode,
  lockAbo,
  offeneAboZahlungen,
  periodenOf,
  setAboZahlungStatus,
  updateAbo,
} from './abo.repository.ts';
import type { AboEndeGrund, AboRow } from './abo.table.ts';

/**
 * The state changes of a subscription. Every function runs inside the caller's transaction with the subscription's
 * row locked (lockAbo), so a webhook, the scheduled job and a request never change one subscription at once.
 */

/**
 * Locks a subscription for a change outside its payment listener: its open payments first, then its row, the order
 * of the webhook (payment, then subscription in the listener), so ending a subscription while its payment is
 * confirmed cannot deadlock. The listener holds its payment already and takes lockAbo alone.
 */
export async function lockAboMitZahlungen(tx: Transaction, aboId: number): Promise<AboRow | undefined> {
  await lockPaymentsFirst(
    tx,
    (await offeneAboZahlungen(tx, aboId)).map((offen) => offen.zahlungId),
  );
  return lockAbo(tx, aboId);
}

export const isAktiv = (status: AboStatus): boolean => (AKTIVE_ABO_STATUSES as readonly AboStatus[]).includes(status);

export const vertragsdaten = (abo: AboRow): Vertragsdaten => {
  if (!abo.beginn) throw new Error(`Abo ${abo.id} hat keinen Beginn`);
  return {
    beginn: abo.beginn,
    laufzeitMonate: abo.laufzeitMonate,
    buchungMonate: abo.buchungMonate,
    kuendigungsfristMonate: abo.kuendigungsfristMonate,
  };
};

/** What one booking interval grants, by credit kind (spec 1 section 3: the subscription balances). */
function allowances(abo: AboRow): [CreditKind, number][] {
  return [
    ['aboEinzelTermin', abo.einzelTermine],
    ['aboGruppenTermin', abo.gruppenTermine],
    ['aboBefundTermin', abo.befundtermine],
    ['aboTrainingsplan', abo.trainingsplaene],
  ];
}

const ABO_KINDS: CreditKind[] = ['aboEinzelTermin', 'aboGruppenTermin', 'aboBefundTermin', 'aboTrainingsplan'];

const periodeReference = (aboId: number, nr: number) => `abo:${aboId}:periode:${nr}`;

/**
 * Grants booking interval `nr`: records it, books its allowances (idempotency key per interval start, so a repeat
 * books nothing), moves on to the next interval and, when the interval opens a new term, moves the term's dates.
 */
export async function gewaehren(
  tx: Transaction,
  abo: AboRow,
  nr: number,
  zahlungId: number | null,
  now: Date,
): Promise<AboRow> {
  const v = vertragsdaten(abo);
  const beginn = periodeBeginn(v, nr);
  const inserted = await insertPeriode(tx, {
    aboId: abo.id,
    nr,
    beginn,
    ende: periodeEnde(v, nr),
    zahlungId,
    gutgeschriebenAm: now,
  });
  if (inserted) {
    await addLedgerEntries(
      tx,
      allowances(abo)
        .filter(([, count]) => count > 0)
        .map(([kind, count]) => ({
          patientUserId: abo.patientUserId,
          kind,
          delta: count,
          reason: `Abo „${abo.title}“: Leistungen ab ${formatDayDe(beginn)}`,
          reference: periodeReference(abo.id, nr),
          idempotencyKey: `abo:${abo.id}:grant:${beginn}`,
        })),
    );
  }
  const k = laufzeitNrVonPeriode(v, nr);
  await setHatAbo(tx, abo.patientUserId, true);
  return updateAbo(tx, abo.id, {
    status: 'AKTIV',
    zahlungsfrist: null,
    naechstePeriodeNr: nr + 1,
    naechstePeriode: periodeBeginn(v, nr + 1),
    laufzeitEnde: laufzeitEnde(v, k),
    letztmoeglicherKuendigungsTag: letzterKuendigungsTag(v, k),
  });
}

/** Starts the contract today and grants its first interval. */
export async function aktivieren(tx: Transaction, abo: AboRow, zahlungId: number | null, now: Date): Promise<AboRow> {
  const started = await updateAbo(tx, abo.id, { beginn: berlinDay(now), naechstePeriodeNr: 0 });
  const active = await gewaehren(tx, started, 0, zahlungId, now);
  // confirmed with the activation, in its transaction (issue 15 item 9)
  await enqueueAboGebuchtMail(tx, active);
  return active;
}

/** Requests the payment of interval `nr` at the provider; answers the address of its checkout. */
export async function zahlungAnfordern(tx: Transaction, abo: AboRow, nr: number): Promise<string> {
  const zeitraum = abo.beginn
    ? ` ab ${formatDayDe(periodeBeginn(vertragsdaten(abo), nr))}`
    : `, ${abo.buchungMonate} ${abo.buchungMonate === 1 ? 'Monat' : 'Monate'}`;
  const { paymentId, redirectUrl } = await createPayment(tx, {
    userId: abo.patientUserId,
    purpose: 'ABO',
    referenceId: abo.id,
    amountCents: abo.kostenCent,
    description: `Abo „${abo.title}“${zeitraum}`,
    // the profile shows the subscription's status; it follows the confirmation by the provider
    returnPath: '/profil',
  });
  await insertAboZahlung(tx, { zahlungId: paymentId, aboId: abo.id, periodeNr: nr, redirectUrl });
  return redirectUrl;
}

/**
 * Ends a subscription: final status, HAT_ABO removed, open payment requests cancelled, and the unused subscription
 * credit expires (docs/decisions.md: it carries over between intervals, not beyond the subscription).
 */
export async function beenden(
  tx: Transaction,
  abo: AboRow,
  input: { status: AboStatus; grund: AboEndeGrund; vertragsende: string | null; now: Date },
): Promise<AboRow> {
  const ended = await updateAbo(tx, abo.id, {
    status: input.status,
    endeGrund: input.grund,
    beendetAm: input.now,
    vertragsendeDatum: input.vertragsende,
    naechstePeriode: null,
  });
  // The listener sees these cancellations in this transaction and finds the subscription ended: it only marks them.
  for (const offen of await offeneAboZahlungen(tx, abo.id)) {
    await cancelPayment(tx, offen.zahlungId, (t, payment, status, previous) =>
      zahlungGeaendert(t, payment, status, previous, input.now),
    );
  }
  if (abo.beginn) {
    await setHatAbo(tx, abo.patientUserId, false);
    const balance = await balanceOf(tx, abo.patientUserId);
    await addLedgerEntries(
      tx,
      ABO_KINDS.filter((kind) => balance[kind] > 0).map((kind) => ({
        patientUserId: abo.patientUserId,
        kind,
        delta: -balance[kind],
        reason: `Abo „${abo.title}“ beendet: nicht genutztes Abo-Guthaben verfällt`,
        reference: `abo:${abo.id}`,
        idempotencyKey: `abo:${abo.id}:ende`,
      })),
    );
  }
  return ended;
}

/**
 * One due step of a subscription on the day of `now`, in the caller's transaction: the contract's end, an expired
 * payment deadline, or the next booking interval (granted at once for company and free subscriptions, otherwise
 * its payment is requested). Answers whether something changed; called again until nothing is due.
 */
export async function faelligerSchritt(tx: Transaction, aboId: number, now: Date): Promise<boolean> {
  const abo = await lockAboMitZahlungen(tx, aboId);
  if (!abo || !isAktiv(abo.status)) return false;
  const today = berlinDay(now);

  // a deleted patient is billed no further interval: the subscription ends when its next step is due
  if ((await findPersonInfo(tx, abo.patientUserId))?.deletedAt) {
    await beenden(tx, abo, { status: 'CANCELED_BETREIBER', grund: 'BETREIBER', vertragsende: today, now });
    return true;
  }
  if (abo.vertragsendeDatum && abo.vertragsendeDatum < today) {
    await beenden(tx, abo, {
      status: abo.kuendigungBetreiberVorgemerkt ? 'CANCELED_BETREIBER' : 'CANCELED',
      grund: abo.kuendigungBetreiberVorgemerkt ? 'BETREIBER' : 'KUENDIGUNG',
      vertragsende: abo.vertragsendeDatum,
      now,
    });
    return true;
  }
  if (abo.status === 'WARTE_AUF_ABOZAHLUNG' && abo.zahlungsfrist && abo.zahlungsfrist < today) {
    await beenden(tx, abo, {
      status: 'CANCELED',
      grund: 'ZAHLUNG_AUSGEBLIEBEN',
      vertragsende: abo.naechstePeriode ? addDays(abo.naechstePeriode, -1) : today,
      now,
    });
    return true;
  }
  const next = abo.naechstePeriode;
  if (abo.status === 'AKTIV' && next && next <= today && (!abo.vertragsendeDatum || next <= abo.vertragsendeDatum)) {
    if (!abo.bezahlabo || abo.kostenCent === 0) {
      await gewaehren(tx, abo, abo.naechstePeriodeNr, null, now);
    } else {
      const waiting = await updateAbo(tx, abo.id, {
        status: 'WARTE_AUF_ABOZAHLUNG',
        zahlungsfrist: addDays(next, ABO_ZAHLUNGSFRIST_TAGE),
      });
      await zahlungAnfordern(tx, waiting, abo.naechstePeriodeNr);
    }
    return true;
  }
  return false;
}

const NOTICE_DOPPELT = (title: string) =>
  `Für Ihr Abo „${title}“ ist eine Zahlung eingegangen, die nicht mehr benötigt wird. Bitte wenden Sie sich an uns, damit wir sie erstatten.`;

/**
 * The subscription's effect of a payment status change (registered with the payment module, called in the
 * webhook's transaction exactly once per change): paid activates or renews, cancelled reopens the booking, a
 * refund takes back that interval's credit and ends the subscription.
 */
export async function zahlungGeaendert(
  tx: Transaction,
  payment: ZahlungRow,
  newStatus: PaymentStatus,
  previousStatus: PaymentStatus,
  now: Date,
): Promise<void> {
  const request = await findAboZahlung(tx, payment.id);
  if (!request) return;
  const abo = await lockAbo(tx, request.aboId);
  if (!abo) return;

  if (newStatus === 'PAID') {
    await setAboZahlungStatus(tx, payment.id, 'BEZAHLT');
    if ((abo.status === 'INBUCHUNG' || abo.status === 'INBEZAHLUNG') && request.periodeNr === 0) {
      await aktivieren(tx, abo, payment.id, now);
    } else if (abo.status === 'WARTE_AUF_ABOZAHLUNG' && request.periodeNr === abo.naechstePeriodeNr) {
      await gewaehren(tx, abo, request.periodeNr, payment.id, now);
    } else {
      // paid after the booking was replaced or ended, or a second payment of an interval already paid
      await insertHinweis(tx, {
        patientUserId: abo.patientUserId,
        aboId: abo.id,
        text: NOTICE_DOPPELT(abo.title),
        erstelltAm: now,
      });
    }
    return;
  }

  const wasPaid = previousStatus === 'PAID';
  if (newStatus === 'CANCELLED' || !wasPaid) {
    // a refund reported before any payment means the same as a cancelled checkout
    await setAboZahlungStatus(tx, payment.id, 'ABGEBROCHEN');
    if (abo.status === 'INBEZAHLUNG' && request.periodeNr === 0) await updateAbo(tx, abo.id, { status: 'INBUCHUNG' });
    return;
  }

  // REFUNDED or STORNIERT after the payment: the money goes back, so does what it paid for.
  await setAboZahlungStatus(tx, payment.id, 'ERSTATTET');
  const paidInterval = (await periodenOf(tx, abo.id)).find((periode) => periode.zahlungId === payment.id);
  if (!paidInterval) return;
  await reverseReference(tx, {
    patientUserId: abo.patientUserId,
    reference: periodeReference(abo.id, paidInterval.nr),
    reason: `Abo „${abo.title}“: Zahlung erstattet`,
    idempotencyKey: `abo:${abo.id}:erstattung:${payment.id}`,
  });
  if (isAktiv(abo.status)) {
    await beenden(tx, abo, { status: 'REFUNDED', grund: 'ERSTATTET', vertragsende: berlinDay(now), now });
  }
}
