import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABO_TEXTS, type Abo } from '@dihs/contract/abo';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addLedgerEntries } from '../guthaben/index.ts';
import { firmen } from '../firma/firma.table.ts';
import { runSubscriptionJob } from './index.ts';
import { abos, aboPerioden, aboZahlungen } from './abo.table.ts';
import { users } from '../users/users.table.ts';
import { findUserByEmail } from '../users/index.ts';
import { bookIntoCare } from '../termin/care.test-support.ts';
import { aboTestSupport } from './abo.test-support.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { aboEndpoints } from '@dihs/contract/abo';

/** The controllable clock of the app: the tests move it through months. */
let clock = new Date('2030-01-10T09:00:00Z');
const setDay = (day: string) => {
  clock = new Date(`${day}T09:00:00Z`);
};
const job = () => runSubscriptionJob(t.db, clock);

let t: TestApp;
let admin: string;
let firmaId: number;
const s = aboTestSupport(() => t);

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_IP: '10000', LOGIN_RATE_LIMIT_ACCOUNT: '10000' }, { now: () => clock });
  admin = await t.bearer('betreiber@demo.de');
  firmaId = (await t.db.insert(firmen).values({ bezeichner: 'Abo Firma GmbH' }).returning())[0]!.id;
});
afterAll(() => t.close());

/** Six-month term booked quarterly, one month's notice, 30,00 € per quarter. */
const QUARTAL = {
  laufzeitMonate: 6,
  buchungMonate: 3,
  kuendigungsfristMonate: 1,
  einzelTermineProQuartal: 2,
  gruppenTermineProQuartal: 1,
  befundtermine: 1,
  trainingsplaene: 1,
  kostenProQuartalCent: 3000,
};

describe('a paid subscription from booking to its end', () => {
  it('books, pays, renews each interval, cancels, withdraws, cancels again and ends', async () => {
    setDay('2030-01-10');
    const patient = await s.account('PATIENT');
    const paket = await s.paket(admin, { ...QUARTAL, title: 'Quartalsabo' });

    // booking: INBEZAHLUNG until the provider confirms; nothing granted yet
    const url = await s.bestellen(patient.bearer, paket.aboPaketId);
    expect(url).toMatch(/^\/api\/zahlung\/checkout\/[A-Za-z0-9_-]+$/);
    let abo = (await s.aktiv(patient.bearer))!;
    expect(abo).toMatchObject({
      status: 'INBEZAHLUNG',
      detailedStatus: 'Im Bezahlvorgang',
      bezahlabo: true,
      beginn: null,
    });
    expect(await s.hatAboPrivileg(patient.id)).toBe(false);
    expect((await s.get(apiUrl(aboEndpoints.hatAbo, { params: { userId: patient.id } }), patient.bearer)).json()).toBe(
      false,
    );
    expect(await s.hinweise(patient.bearer)).toHaveLength(1);
    expect(await s.aboGuthaben(patient.id)).toEqual({ einzel: 0, gruppe: 0, befund: 0, trainingsplan: 0 });

    // paid: active from today, first interval granted, HAT_ABO set
    await s.sandbox(url, 'bezahlen');
    abo = (await s.aktiv(patient.bearer))!;
    expect(abo).toMatchObject({
      status: 'AKTIV',
      detailedStatus: 'Aktiv',
      beginn: '2030-01-10',
      laufzeitEnde: '2030-07-09',
      letztmoeglicherKuendigungsTag: '2030-06-09',
      naechsteAbrechnung: '2030-04-10',
      vertragsendeDatum: null,
      kuendigungVorgemerkt: false,
      endeGrund: null,
    });
    expect(await s.aboGuthaben(patient.id)).toEqual({ einzel: 2, gruppe: 1, befund: 1, trainingsplan: 1 });
    expect(await s.hatAboPrivileg(patient.id)).toBe(true);
    expect((await s.get(apiUrl(aboEndpoints.hatAbo, { params: { userId: patient.id } }), patient.bearer)).json()).toBe(
      true,
    );
    expect(await s.hinweise(patient.bearer)).toEqual([]);

    // the day before the next interval nothing happens
    setDay('2030-04-09');
    await job();
    expect((await s.aktiv(patient.bearer))!.status).toBe('AKTIV');

    // the next interval asks for its payment; access stays during the grace period, credit comes once paid
    setDay('2030-04-10');
    await job();
    abo = (await s.aktiv(patient.bearer))!;
    expect(abo).toMatchObject({
      status: 'WARTE_AUF_ABOZAHLUNG',
      detailedStatus: 'Abo-Zahlung erwartet',
      zahlungsfrist: '2030-04-24',
    });
    expect(await s.hatAboPrivileg(patient.id)).toBe(true);
    expect(await s.aboGuthaben(patient.id)).toMatchObject({ einzel: 2 });
    expect(await s.hinweise(patient.bearer)).toEqual([
      'Die Abo-Zahlung für den Zeitraum vom 10.04.2030 bis 09.07.2030 steht aus. Bitte bezahlen Sie bis zum 24.04.2030, sonst endet Ihr Abo.',
    ]);
    const link = (await s.get(apiUrl(aboEndpoints.zahlungsLink), patient.bearer)).json<string>();
    expect((await s.get(apiUrl(aboEndpoints.zahlungsLink), patient.bearer)).json()).toBe(link);
    await s.sandbox(link, 'bezahlen');
    abo = (await s.aktiv(patient.bearer))!;
    expect(abo).toMatchObject({ status: 'AKTIV', naechsteAbrechnung: '2030-07-10', zahlungsfrist: null });
    // unused credit carries over to the next interval
    expect(await s.aboGuthaben(patient.id)).toEqual({ einzel: 4, gruppe: 2, befund: 2, trainingsplan: 2 });
    expect((await s.get(apiUrl(aboEndpoints.zahlungsLink), patient.bearer)).statusCode).toBe(404);

    // a new term begins: it renews by another six months
    setDay('2030-07-10');
    await job();
    await s.sandbox(await s.letzteZahlungsUrl(abo.id), 'bezahlen');
    abo = (await s.aktiv(patient.bearer))!;
    expect(abo).toMatchObject({
      status: 'AKTIV',
      laufzeitEnde: '2031-01-09',
      letztmoeglicherKuendigungsTag: '2030-12-09',
      naechsteAbrechnung: '2030-10-10',
    });

    // cancel: to the end of the current term, since its last cancellation day has not passed
    setDay('2030-08-01');
    const cancel = await s.get(apiUrl(aboEndpoints.kuendigen, { params: { aboId: abo.id } }), patient.bearer);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toBe('2031-01-09');
    abo = (await s.aktiv(patient.bearer))!;
    expect(abo).toMatchObject({ vertragsendeDatum: '2031-01-09', kuendigungVorgemerkt: true, endeGrund: 'Gekündigt' });
    const again = await s.get(apiUrl(aboEndpoints.kuendigen, { params: { aboId: abo.id } }), patient.bearer);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(ABO_TEXTS.bereitsGekuendigt);

    // withdraw, and once more is refused
    const withdraw = await s.get(
      apiUrl(aboEndpoints.kuendigungWiderrufen, { params: { aboId: abo.id } }),
      patient.bearer,
    );
    expect(withdraw.statusCode).toBe(200);
    expect(withdraw.json<Abo>()).toMatchObject({
      vertragsendeDatum: null,
      kuendigungVorgemerkt: false,
      widerrufen: true,
      endeGrund: null,
    });
    expect(
      (await s.get(apiUrl(aboEndpoints.kuendigungWiderrufen, { params: { aboId: abo.id } }), patient.bearer))
        .statusCode,
    ).toBe(400);

    // cancelled after the last cancellation day of the term: it runs one more term
    setDay('2030-12-10');
    expect((await s.get(apiUrl(aboEndpoints.kuendigen, { params: { aboId: abo.id } }), patient.bearer)).json()).toBe(
      '2031-07-09',
    );
    await s.get(apiUrl(aboEndpoints.kuendigungWiderrufen, { params: { aboId: abo.id } }), patient.bearer);
    setDay('2030-11-01');
    expect((await s.get(apiUrl(aboEndpoints.kuendigen, { params: { aboId: abo.id } }), patient.bearer)).json()).toBe(
      '2031-01-09',
    );

    // the interval inside the contract is still requested and paid
    setDay('2030-10-10');
    await job();
    await s.sandbox(await s.letzteZahlungsUrl(abo.id), 'bezahlen');
    expect(await s.aboGuthaben(patient.id)).toEqual({ einzel: 8, gruppe: 4, befund: 4, trainingsplan: 4 });

    // the last day still runs; the day after, it ends: CANCELED, privilege gone, subscription credit expired
    setDay('2031-01-09');
    await job();
    expect((await s.aktiv(patient.bearer))!.status).toBe('AKTIV');
    setDay('2031-01-10');
    await job();
    expect(await s.aktiv(patient.bearer)).toBeNull();
    const ended = await s.row(abo.id);
    expect(ended).toMatchObject({ status: 'CANCELED', endeGrund: 'KUENDIGUNG', vertragsendeDatum: '2031-01-09' });
    expect(await s.hatAboPrivileg(patient.id)).toBe(false);
    expect((await s.get(apiUrl(aboEndpoints.hatAbo, { params: { userId: patient.id } }), patient.bearer)).json()).toBe(
      false,
    );
    expect(await s.aboGuthaben(patient.id)).toEqual({ einzel: 0, gruppe: 0, befund: 0, trainingsplan: 0 });
    // four intervals were granted, no more
    expect(await t.db.select().from(aboPerioden).where(eq(aboPerioden.aboId, abo.id))).toHaveLength(4);

    // the patient may book again
    await s.bestellen(patient.bearer, paket.aboPaketId);
    expect((await s.aktiv(patient.bearer))!.status).toBe('INBEZAHLUNG');
  });

  it('ends when a renewal payment does not arrive within 14 days', async () => {
    setDay('2030-01-10');
    const patient = await s.account('PATIENT');
    const paket = await s.paket(admin, QUARTAL);
    await s.sandbox(await s.bestellen(patient.bearer, paket.aboPaketId), 'bezahlen');
    const abo = (await s.aktiv(patient.bearer))!;
    setDay('2030-04-10');
    await job();
    setDay('2030-04-24');
    await job();
    expect((await s.aktiv(patient.bearer))!.status).toBe('WARTE_AUF_ABOZAHLUNG');
    setDay('2030-04-25');
    await job();
    expect(await s.aktiv(patient.bearer)).toBeNull();
    expect(await s.row(abo.id)).toMatchObject({
      status: 'CANCELED',
      endeGrund: 'ZAHLUNG_AUSGEBLIEBEN',
      vertragsendeDatum: '2030-04-09',
    });
    expect(await s.hatAboPrivileg(patient.id)).toBe(false);
    expect(await s.aboGuthaben(patient.id)).toMatchObject({ einzel: 0 });
    expect(await s.hinweise(patient.bearer)).toEqual([
      'Ihr Abo „' + paket.title + '“ wurde beendet, weil die Abo-Zahlung nicht bis zum 24.04.2030 eingegangen ist.',
    ]);
    // the payment request that stayed open was cancelled with the end
    expect((await s.get(apiUrl(aboEndpoints.zahlungsLink), patient.bearer)).statusCode).toBe(404);
  });

  it('reopens the booking when the checkout is cancelled, and a new payment address activates it', async () => {
    setDay('2030-02-01');
    const patient = await s.account('PATIENT');
    const paket = await s.paket(admin, QUARTAL);
    const first = await s.bestellen(patient.bearer, paket.aboPaketId);
    await s.sandbox(first, 'abbrechen');
    expect((await s.aktiv(patient.bearer))!).toMatchObject({
      status: 'INBUCHUNG',
      detailedStatus: 'Im Buchungsprozess',
    });
    expect(await s.hinweise(patient.bearer)).toEqual([
      `Ihr Abo „${paket.title}“ ist noch nicht bezahlt. Bitte schließen Sie die Bezahlung ab.`,
    ]);
    const second = (await s.get(apiUrl(aboEndpoints.zahlungsLink), patient.bearer)).json<string>();
    expect(second).not.toBe(first);
    expect((await s.aktiv(patient.bearer))!.status).toBe('INBEZAHLUNG');
    await s.sandbox(second, 'bezahlen');
    expect((await s.aktiv(patient.bearer))!).toMatchObject({ status: 'AKTIV', beginn: '2030-02-01' });
  });

  it('a refund takes back the interval and ends the subscription: REFUNDED', async () => {
    setDay('2030-03-01');
    const patient = await s.account('PATIENT');
    const paket = await s.paket(admin, QUARTAL);
    const url = await s.bestellen(patient.bearer, paket.aboPaketId);
    await s.sandbox(url, 'bezahlen');
    const abo = (await s.aktiv(patient.bearer))!;
    expect(await s.hatAboPrivileg(patient.id)).toBe(true);
    await s.sandbox(url, 'rueckerstatten');
    expect(await s.aktiv(patient.bearer)).toBeNull();
    expect(await s.row(abo.id)).toMatchObject({ status: 'REFUNDED', endeGrund: 'ERSTATTET' });
    expect(await s.hatAboPrivileg(patient.id)).toBe(false);
    expect(await s.aboGuthaben(patient.id)).toEqual({ einzel: 0, gruppe: 0, befund: 0, trainingsplan: 0 });
    expect(await s.hinweise(patient.bearer)).toContain(
      `Die Zahlung Ihres Abos „${paket.title}“ wurde erstattet; das Abo ist beendet.`,
    );
  });

  it('books a free package at once, replaces an unpaid booking and refuses a second subscription', async () => {
    setDay('2030-03-01');
    const patient = await s.account('PATIENT');
    const teuer = await s.paket(admin, QUARTAL);
    const frei = await s.paket(admin, { ...QUARTAL, kostenProQuartalCent: 0 });
    await s.bestellen(patient.bearer, teuer.aboPaketId);
    const replaced = (await s.aktiv(patient.bearer))!;
    expect(await s.bestellen(patient.bearer, frei.aboPaketId)).toBe('');
    expect(await s.row(replaced.id)).toMatchObject({ status: 'CANCELED', endeGrund: 'ERSETZT' });
    expect((await s.aktiv(patient.bearer))!).toMatchObject({ status: 'AKTIV', bezahlabo: true });
    expect(await s.aboGuthaben(patient.id)).toMatchObject({ einzel: 2 });
    const refused = await s.get(apiUrl(aboEndpoints.bestellen, { params: { id: teuer.aboPaketId } }), patient.bearer);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(ABO_TEXTS.bereitsAbo);
    // a free subscription renews without payment
    setDay('2030-06-01');
    await job();
    expect(await s.aboGuthaben(patient.id)).toMatchObject({ einzel: 4 });
  });
});

describe('operators assign and end subscriptions', () => {
  it('assigns a company subscription to a patient of a company and ends it at a chosen date', async () => {
    setDay('2030-05-15');
    const patient = await s.account('PATIENT', { firmaId });
    const paket = await s.paket(admin, { ...QUARTAL, buchbar: false });
    const assigned = await s.post(
      apiUrl(aboEndpoints.zuweisen),
      { aboPaketId: paket.aboPaketId, patientId: patient.id },
      admin,
    );
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json<Abo>()).toMatchObject({ status: 'AKTIV', bezahlabo: false, beginn: '2030-05-15' });
    expect(await s.hatAboPrivileg(patient.id)).toBe(true);
    expect(await s.aboGuthaben(patient.id)).toEqual({ einzel: 2, gruppe: 1, befund: 1, trainingsplan: 1 });
    expect(await s.hinweise(patient.bearer)).toEqual([]);
    // the operator sees it; the patient cannot cancel a company subscription
    expect(
      (await s.get(apiUrl(aboEndpoints.aboVonPatient, { params: { patientId: patient.id } }), admin)).json(),
    ).toMatchObject({ bezahlabo: false });
    const own = await s.get(
      apiUrl(aboEndpoints.kuendigen, { params: { aboId: assigned.json<Abo>().id } }),
      patient.bearer,
    );
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(ABO_TEXTS.firmenaboKuendigen);
    // a second assignment and the paid-subscription end are refused
    expect(
      (await s.post(apiUrl(aboEndpoints.zuweisen), { aboPaketId: paket.aboPaketId, patientId: patient.id }, admin))
        .statusCode,
    ).toBe(400);
    const wrongKind = await s.post(
      apiUrl(aboEndpoints.bezahlaboBeenden),
      { sofort: true, patientId: patient.id },
      admin,
    );
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().message).toBe(ABO_TEXTS.keinBezahlabo);

    // company intervals are granted without payment
    setDay('2030-08-15');
    await job();
    expect(await s.aboGuthaben(patient.id)).toMatchObject({ einzel: 4 });

    // without a date it cannot be ended
    for (const body of [{ patientId: patient.id }, { patientId: patient.id, date: '' }]) {
      const response = await s.post(apiUrl(aboEndpoints.firmenaboBeenden), body, admin);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('Das Datum darf nicht leer sein.');
    }
    const badDate = await s.post(
      apiUrl(aboEndpoints.firmenaboBeenden),
      { patientId: patient.id, date: '2030-02-30' },
      admin,
    );
    expect(badDate.json().message).toContain(ABO_TEXTS.datumUngueltig);

    const ende = await s.post(
      apiUrl(aboEndpoints.firmenaboBeenden),
      { patientId: patient.id, date: '2030-09-30' },
      admin,
    );
    expect(ende.statusCode).toBe(200);
    expect(ende.json<Abo>()).toMatchObject({
      status: 'AKTIV',
      vertragsendeDatum: '2030-09-30',
      kuendigungBetreiberVorgemerkt: true,
      endeGrund: 'Gekündigt durch DiHS',
    });
    setDay('2030-09-30');
    await job();
    expect(await s.hatAboPrivileg(patient.id)).toBe(true);
    setDay('2030-10-01');
    await job();
    expect(await s.aktiv(patient.bearer)).toBeNull();
    expect(await s.row(assigned.json<Abo>().id)).toMatchObject({
      status: 'CANCELED_BETREIBER',
      endeGrund: 'BETREIBER',
    });
    expect(await s.hatAboPrivileg(patient.id)).toBe(false);
    expect(await s.aboGuthaben(patient.id)).toMatchObject({ einzel: 0 });
  });

  it('ends a company subscription at once with the default date yesterday', async () => {
    setDay('2030-05-15');
    const patient = await s.account('PATIENT', { firmaId });
    const paket = await s.paket(admin, { ...QUARTAL, buchbar: false });
    await s.post(apiUrl(aboEndpoints.zuweisen), { aboPaketId: paket.aboPaketId, patientId: patient.id }, admin);
    const ende = await s.post(
      apiUrl(aboEndpoints.firmenaboBeenden),
      { patientId: patient.id, date: '2030-05-14' },
      admin,
    );
    expect(ende.statusCode).toBe(200);
    expect(ende.json<Abo>()).toMatchObject({ status: 'CANCELED_BETREIBER', vertragsendeDatum: '2030-05-14' });
    expect(await s.hatAboPrivileg(patient.id)).toBe(false);
    expect(
      (await s.get(apiUrl(aboEndpoints.aboVonPatient, { params: { patientId: patient.id } }), admin)).json(),
    ).toBeNull();
  });

  it('assigns a paid package to a patient without a company: it waits for the patient payment', async () => {
    setDay('2030-05-15');
    const patient = await s.account('PATIENT');
    const paket = await s.paket(admin, { ...QUARTAL, buchbar: false });
    const assigned = await s.post(
      apiUrl(aboEndpoints.zuweisen),
      { aboPaketId: paket.aboPaketId, patientId: patient.id },
      admin,
    );
    expect(assigned.json<Abo>()).toMatchObject({ status: 'INBUCHUNG', bezahlabo: true });
    expect(await s.hatAboPrivileg(patient.id)).toBe(false);
    expect(await s.hinweise(patient.bearer)).toHaveLength(1);
    const link = (await s.get(apiUrl(aboEndpoints.zahlungsLink), patient.bearer)).json<string>();
    await s.sandbox(link, 'bezahlen');
    const abo = (await s.aktiv(patient.bearer))!;
    expect(abo).toMatchObject({ status: 'AKTIV', laufzeitEnde: '2030-11-14' });

    // the operator ends it at the end of the term; the patient cannot withdraw that
    const atTermEnd = await s.post(
      apiUrl(aboEndpoints.bezahlaboBeenden),
      { sofort: false, patientId: patient.id },
      admin,
    );
    expect(atTermEnd.json<Abo>()).toMatchObject({
      status: 'AKTIV',
      vertragsendeDatum: '2030-11-14',
      kuendigungBetreiberVorgemerkt: true,
    });
    expect(
      (await s.get(apiUrl(aboEndpoints.kuendigungWiderrufen, { params: { aboId: abo.id } }), patient.bearer))
        .statusCode,
    ).toBe(400);
    setDay('2030-08-15');
    await job();
    await s.sandbox(await s.letzteZahlungsUrl(abo.id), 'bezahlen');
    setDay('2030-11-15');
    await job();
    expect(await s.row(abo.id)).toMatchObject({ status: 'CANCELED_BETREIBER', vertragsendeDatum: '2030-11-14' });
    expect(await s.hatAboPrivileg(patient.id)).toBe(false);
  });

  it('ends a paid subscription at once', async () => {
    setDay('2030-05-15');
    const patient = await s.account('PATIENT');
    const paket = await s.paket(admin, QUARTAL);
    await s.sandbox(await s.bestellen(patient.bearer, paket.aboPaketId), 'bezahlen');
    const response = await s.post(
      apiUrl(aboEndpoints.bezahlaboBeenden),
      { sofort: true, patientId: patient.id },
      admin,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<Abo>()).toMatchObject({ status: 'CANCELED_BETREIBER', vertragsendeDatum: '2030-05-15' });
    expect(await s.hatAboPrivileg(patient.id)).toBe(false);
    expect(await s.aboGuthaben(patient.id)).toMatchObject({ einzel: 0 });
    // nothing left to end
    const none = await s.post(apiUrl(aboEndpoints.bezahlaboBeenden), { sofort: true, patientId: patient.id }, admin);
    expect(none.statusCode).toBe(404);
  });

  it('refuses inactive packages, non-patients and unknown ids', async () => {
    const patient = await s.account('PATIENT');
    const inaktiv = await s.paket(admin, { aktiv: false });
    const refused = await s.post(
      apiUrl(aboEndpoints.zuweisen),
      { aboPaketId: inaktiv.aboPaketId, patientId: patient.id },
      admin,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(ABO_TEXTS.paketNichtAktiv);
    const paket = await s.paket(admin);
    const therapist = await s.account('THERAPEUT');
    for (const [body, status] of [
      [{ aboPaketId: paket.aboPaketId, patientId: therapist.id }, 404],
      [{ aboPaketId: paket.aboPaketId, patientId: 999999 }, 404],
      [{ aboPaketId: 999999, patientId: patient.id }, 404],
      [{ aboPaketId: paket.aboPaketId, patientId: -1 }, 400],
      [{ aboPaketId: 'x', patientId: patient.id }, 400],
    ] as const) {
      expect((await s.post(apiUrl(aboEndpoints.zuweisen), body, admin)).statusCode).toBe(status);
    }
    expect(
      (await s.get(apiUrl(aboEndpoints.aboVonPatient, { params: { patientId: therapist.id } }), admin)).statusCode,
    ).toBe(404);
    expect(
      (await s.get(apiUrl(aboEndpoints.aboVonPatient, { params: { patientId: patient.id } }), admin)).json(),
    ).toBeNull();
    expect(
      (await s.post(apiUrl(aboEndpoints.bezahlaboBeenden), { sofort: 'ja', patientId: patient.id }, admin)).statusCode,
    ).toBe(400);
  });
});

describe('the scheduled job is idempotent', () => {
  it('grants an interval once when it runs twice at the same time and again later', async () => {
    setDay('2030-05-15');
    const patient = await s.account('PATIENT', { firmaId });
    const paket = await s.paket(admin, QUARTAL);
    await s.post(apiUrl(aboEndpoints.zuweisen), { aboPaketId: paket.aboPaketId, patientId: patient.id }, admin);
    setDay('2030-08-15');
    await Promise.all([job(), job(), job()]);
    await job();
    expect(await s.aboGuthaben(patient.id)).toEqual({ einzel: 4, gruppe: 2, befund: 2, trainingsplan: 2 });
  });

  it('repeats nothing after a crash in the middle of a step', async () => {
    setDay('2030-05-15');
    const patient = await s.account('PATIENT', { firmaId });
    const paket = await s.paket(admin, QUARTAL);
    const abo = (
      await s.post(apiUrl(aboEndpoints.zuweisen), { aboPaketId: paket.aboPaketId, patientId: patient.id }, admin)
    ).json<Abo>();

    // the step fails after booking the credit (the update of the subscription raises): everything rolls back.
    // One statement per execute: the embedded database prepares every statement, and a prepared one holds one command.
    await t.db.execute(
      sql.raw(`
      create function abo_test_crash() returns trigger language plpgsql as $$
      begin if new.id = ${abo.id} and new.naechste_periode_nr = 2 then raise exception 'Absturz'; end if; return new; end $$
    `),
    );
    await t.db.execute(
      sql.raw('create trigger abo_test_crash before update on abo for each row execute function abo_test_crash()'),
    );
    setDay('2030-08-15');
    expect((await job()).failed).toBe(1);
    expect(await s.aboGuthaben(patient.id)).toMatchObject({ einzel: 2 });
    await t.db.execute(sql.raw('drop trigger abo_test_crash on abo'));
    await t.db.execute(sql.raw('drop function abo_test_crash()'));

    // a grant whose ledger entries were committed before (same idempotency key) is not booked again
    await t.db.transaction((tx) =>
      addLedgerEntries(tx, [
        {
          patientUserId: patient.id,
          kind: 'aboEinzelTermin',
          delta: 2,
          reason: 'vorab gebucht',
          idempotencyKey: `abo:${abo.id}:grant:2030-08-15`,
        },
      ]),
    );
    expect(await job()).toMatchObject({ failed: 0 });
    expect(await job()).toMatchObject({ steps: 0, failed: 0 });
    expect(await s.aboGuthaben(patient.id)).toMatchObject({ einzel: 4, gruppe: 1 });
    expect((await s.row(abo.id)).naechstePeriode).toBe('2030-11-15');
  });

  it('bills a deleted patient no further interval', async () => {
    setDay('2030-05-15');
    const patient = await s.account('PATIENT');
    const paket = await s.paket(admin, QUARTAL);
    await s.sandbox(await s.bestellen(patient.bearer, paket.aboPaketId), 'bezahlen');
    const abo = (await s.aktiv(patient.bearer))!;
    await t.db.update(users).set({ deletedAt: clock }).where(eq(users.id, patient.id));
    setDay('2030-08-15');
    await job();
    expect(await s.row(abo.id)).toMatchObject({ status: 'CANCELED_BETREIBER', vertragsendeDatum: '2030-08-15' });
    expect(await s.hatAboPrivileg(patient.id)).toBe(false);
    expect(await t.db.select().from(aboZahlungen).where(eq(aboZahlungen.aboId, abo.id))).toHaveLength(1);
  });

  it('catches up on several intervals after a long downtime', async () => {
    setDay('2030-01-01');
    const patient = await s.account('PATIENT', { firmaId });
    const paket = await s.paket(admin, { ...QUARTAL, laufzeitMonate: 12 });
    await s.post(apiUrl(aboEndpoints.zuweisen), { aboPaketId: paket.aboPaketId, patientId: patient.id }, admin);
    setDay('2030-12-31');
    await job();
    expect(await s.aboGuthaben(patient.id)).toMatchObject({ einzel: 8 });
    expect(
      await t.db
        .select()
        .from(aboPerioden)
        .innerJoin(abos, eq(abos.id, aboPerioden.aboId))
        .where(eq(abos.patientUserId, patient.id)),
    ).toHaveLength(4);
  });
});

describe('authorization', () => {
  it('answers 404 for another patient’s subscription id', async () => {
    setDay('2030-05-15');
    const owner = await s.account('PATIENT');
    const other = await s.account('PATIENT');
    const paket = await s.paket(admin, QUARTAL);
    await s.sandbox(await s.bestellen(owner.bearer, paket.aboPaketId), 'bezahlen');
    const abo = (await s.aktiv(owner.bearer))!;
    for (const path of [
      apiUrl(aboEndpoints.kuendigen, { params: { aboId: abo.id } }),
      apiUrl(aboEndpoints.kuendigungWiderrufen, { params: { aboId: abo.id } }),
      apiUrl(aboEndpoints.kuendigen, { params: { aboId: 999999 } }),
    ]) {
      const response = await s.get(path, other.bearer);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(ABO_TEXTS.aboNichtGefunden);
    }
    expect((await s.row(abo.id)).vertragsendeDatum).toBeNull();
    expect((await s.get(apiUrl(aboEndpoints.kuendigen, { params: { aboId: 'abc' } }), owner.bearer)).statusCode).toBe(
      400,
    );
  });

  it('keeps patient calls to patients and operator calls to operators with ABOPAKETE_VERWALTEN', async () => {
    const patient = await s.account('PATIENT');
    const therapist = await t.bearer('therapeut@demo.de');
    const operatorWithout = (await s.account('BETREIBER', { privileges: ['BENUTZER_VERWALTEN'] })).bearer;
    for (const path of [
      apiUrl(aboEndpoints.eigenesAbo),
      apiUrl(aboEndpoints.zahlungsLink),
      apiUrl(aboEndpoints.zahlungsHinweise),
      apiUrl(aboEndpoints.standardPakete),
      apiUrl(aboEndpoints.bestellen, { params: { id: 1 } }),
      apiUrl(aboEndpoints.kuendigen, { params: { aboId: 1 } }),
      apiUrl(aboEndpoints.kuendigungWiderrufen, { params: { aboId: 1 } }),
      apiUrl(aboEndpoints.bestaetigungPdf),
      apiUrl(aboEndpoints.kuendigungsbestaetigungPdf),
    ]) {
      expect((await s.get(path)).statusCode).toBe(401);
      expect((await s.get(path, therapist)).statusCode).toBe(403);
      expect((await s.get(path, admin)).statusCode).toBe(403);
    }
    for (const [path, body] of [
      [apiUrl(aboEndpoints.zuweisen), { aboPaketId: 1, patientId: patient.id }],
      [apiUrl(aboEndpoints.bezahlaboBeenden), { sofort: true, patientId: patient.id }],
      [apiUrl(aboEndpoints.firmenaboBeenden), { date: '2030-01-01', patientId: patient.id }],
    ] as const) {
      expect((await s.post(path, body)).statusCode).toBe(401);
      expect((await s.post(path, body, patient.bearer)).statusCode).toBe(403);
      expect((await s.post(path, body, therapist)).statusCode).toBe(403);
      expect((await s.post(path, body, operatorWithout)).statusCode).toBe(403);
    }
    expect(
      (await s.get(apiUrl(aboEndpoints.aboVonPatient, { params: { patientId: patient.id } }), patient.bearer))
        .statusCode,
    ).toBe(403);
    expect(
      (await s.get(apiUrl(aboEndpoints.aboVonPatient, { params: { patientId: patient.id } }), operatorWithout))
        .statusCode,
    ).toBe(200);
  });

  it('answers the subscription privilege to the patient itself, therapists and operators only', async () => {
    const patient = await s.account('PATIENT');
    const other = await s.account('PATIENT');
    expect((await s.get(apiUrl(aboEndpoints.hatAbo, { params: { userId: patient.id } }), patient.bearer)).json()).toBe(
      false,
    );
    expect(
      (await s.get(apiUrl(aboEndpoints.hatAbo, { params: { userId: patient.id } }), other.bearer)).statusCode,
    ).toBe(403);
    expect((await s.get(apiUrl(aboEndpoints.hatAbo, { params: { userId: patient.id } }), admin)).statusCode).toBe(200);
    const asTherapist = async () =>
      (
        await s.get(
          apiUrl(aboEndpoints.hatAbo, { params: { userId: patient.id } }),
          await t.bearer('therapeut@demo.de'),
        )
      ).statusCode;
    // need-to-know: a therapist only once the patient is in their care
    expect(await asTherapist()).toBe(403);
    await bookIntoCare(t.db, (await findUserByEmail(t.db, 'therapeut@demo.de'))!.id, patient.id);
    expect(await asTherapist()).toBe(200);
    expect((await s.get(apiUrl(aboEndpoints.hatAbo, { params: { userId: patient.id } }))).statusCode).toBe(401);
  });

  it('refuses bookings of unconfirmed patients, unknown and unbookable packages', async () => {
    const unconfirmed = await s.account('PATIENT', { confirmed: false });
    const paket = await s.paket(admin, QUARTAL);
    const notConfirmed = await s.get(
      apiUrl(aboEndpoints.bestellen, { params: { id: paket.aboPaketId } }),
      unconfirmed.bearer,
    );
    expect(notConfirmed.statusCode).toBe(403);
    expect(await t.db.select().from(abos).where(eq(abos.patientUserId, unconfirmed.id))).toHaveLength(0);
    const patient = await s.account('PATIENT');
    const unknown = await s.get(apiUrl(aboEndpoints.bestellen, { params: { id: 999999 } }), patient.bearer);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ABO_TEXTS.paketNichtGefunden);
    for (const fields of [{ buchbar: false }, { aktiv: false }]) {
      const closed = await s.paket(admin, { ...QUARTAL, ...fields });
      const response = await s.get(
        apiUrl(aboEndpoints.bestellen, { params: { id: closed.aboPaketId } }),
        patient.bearer,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(ABO_TEXTS.paketNichtBuchbar);
    }
    expect(await s.aktiv(patient.bearer)).toBeNull();
  });
});
