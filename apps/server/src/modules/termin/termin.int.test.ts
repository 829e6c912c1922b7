import { eq, like } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privilegeCode, type Privilege, type Role } from '@dihs/contract/common/roles';
import { utcToBerlin } from '@dihs/contract/common/time';
import { TERMIN_MESSAGES, type Termin, type TerminForm, type TerminPage } from '@dihs/contract/termin';
import { hashPassword } from '../../lib/password.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture.ts';
import { addLedgerEntries, balanceOf } from '../guthaben/index.ts';
import { mailOutbox } from '../mail/mail.table.ts';
import { DEMO_PASSWORD } from '../users/index.ts';
import { users } from '../users/users.table.ts';
import { releaseFutureSeatsOf, reserveSeat, runReminderJob } from './index.ts';
import { terminTeilnahmen, termine } from './termin.table.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { terminEndpoints } from '@dihs/contract/termin';

let clock = new Date();
let t: TestApp;
let capture: SmtpCapture;
let admin: string;
let patientToken: string;
let firmenpatientToken: string;
let therapist1: string;
let therapist2: string;
let demoHash: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  capture = await startSmtpCapture();
  t = await createTestApp(
    { SMTP_URL: capture.url, LOGIN_RATE_LIMIT_IP: '10000', LOGIN_RATE_LIMIT_ACCOUNT: '10000' },
    { now: () => clock },
  );
  demoHash = await hashPassword(DEMO_PASSWORD);
  admin = await t.bearer('betreiber@demo.de');
  patientToken = await t.bearer('patient@demo.de');
  firmenpatientToken = await t.bearer('firmenpatient@demo.de');
  therapist1 = await t.bearer('therapeut@demo.de');
  therapist2 = await t.bearer('therapeut2@demo.de');
  for (const u of await t.db.select({ id: users.id, email: users.email }).from(users)) ids[u.email] = u.id;
}, 60_000);
afterAll(async () => {
  await t.close();
  await capture.close();
});

let counter = 0;
async function account(role: Role, privileges: Privilege[] = []) {
  const email = `termin-${counter++}@test.de`;
  const [row] = await t.db
    .insert(users)
    .values({ email, role, passwordHash: demoHash, privileges: privileges.map(privilegeCode), emailConfirmed: true })
    .returning({ id: users.id });
  return { id: row!.id, token: await t.bearer(email) };
}

const get = (url: string, authorization?: string) =>
  t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
const post = (url: string, payload: unknown, authorization?: string) =>
  t.app.inject({ method: 'POST', url, headers: authorization ? { authorization } : {}, payload: payload as object });

/** A Berlin day `days` after the clock's day. */
const day = (days: number) => {
  const d = new Date(clock.getTime() + days * 86_400_000);
  return utcToBerlin(d)[0];
};

const form = (overrides: Partial<TerminForm> = {}): TerminForm => ({
  befund: 'Rückenschmerzen',
  details: 'Testtermin',
  termintyp: 'GRUPPE',
  everyoneView: false,
  firmaId: null,
  therapeutId: ids['therapeut@demo.de']!,
  datum: day(3),
  uhrzeit: '10:00',
  maxTeilnehmer: 5,
  dauer: 30,
  ...overrides,
});

async function aktiverTermin(overrides: Partial<TerminForm> = {}): Promise<Termin> {
  const saved = await post(apiUrl(terminEndpoints.speichern), form(overrides), admin);
  expect(saved.statusCode).toBe(200);
  const termin = saved.json<Termin>();
  expect((await get(apiUrl(terminEndpoints.aktivieren, { params: { id: termin.id } }), admin)).json()).toEqual({
    id: termin.id,
    status: 'AKTIV',
  });
  return termin;
}

const pdfText = async (body: Buffer) =>
  (await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true })).text;

describe('operator appointments', () => {
  it('denies visitors, patients, therapists and operators without TERMINE_EDITIEREN', async () => {
    const ohne = await account('BETREIBER', ['ANWENDUNG_VERWALTEN']);
    for (const url of [
      apiUrl(terminEndpoints.betreiberAlle),
      apiUrl(terminEndpoints.betreiberEiner, { params: { id: 1 } }),
      apiUrl(terminEndpoints.aktivieren, { params: { id: 1 } }),
      apiUrl(terminEndpoints.absagen, { params: { id: 1 } }),
      apiUrl(terminEndpoints.planVonPatient, { params: { patientId: ids['patient@demo.de'] } }),
    ]) {
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, patientToken)).statusCode).toBe(403);
      expect((await get(url, therapist1)).statusCode).toBe(403);
      expect((await get(url, ohne.token)).statusCode).toBe(403);
    }
    expect((await post(apiUrl(terminEndpoints.speichern), form(), patientToken)).statusCode).toBe(403);
    expect((await post(apiUrl(terminEndpoints.speichern), form(), ohne.token)).statusCode).toBe(403);
    expect(
      (
        await post(
          apiUrl(terminEndpoints.teilgenommen, { params: { terminId: 1 } }),
          { patientId: 1, teilgenommen: true },
          patientToken,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('refuses each violating form value with its message', async () => {
    const cases: [Partial<TerminForm>, string][] = [
      [{ befund: '' }, TERMIN_MESSAGES.befundLeer],
      [{ befund: 'x'.repeat(31) }, TERMIN_MESSAGES.maxLaenge],
      [{ details: '  ' }, TERMIN_MESSAGES.detailsLeer],
      [{ details: 'x'.repeat(1000) }, TERMIN_MESSAGES.maxLaenge],
      [{ termintyp: '' as never }, TERMIN_MESSAGES.terminartLeer],
      [{ therapeutId: undefined }, TERMIN_MESSAGES.therapeutLeer],
      [{ datum: '' }, TERMIN_MESSAGES.datumLeer],
      [{ datum: '2026-02-30' }, TERMIN_MESSAGES.datumFormat],
      [{ uhrzeit: '' }, TERMIN_MESSAGES.uhrzeitLeer],
      [{ uhrzeit: '24:00' }, TERMIN_MESSAGES.uhrzeitFormat],
      [{ dauer: undefined }, TERMIN_MESSAGES.dauerLeer],
      [{ dauer: 0 }, TERMIN_MESSAGES.dauerBereich],
      [{ maxTeilnehmer: undefined }, TERMIN_MESSAGES.maxTeilnehmerLeer],
      [{ maxTeilnehmer: 0 }, TERMIN_MESSAGES.maxTeilnehmerBereich],
      [{ termintyp: 'EINZEL', maxTeilnehmer: 2 }, TERMIN_MESSAGES.einzelNurEiner],
      [{ termintyp: 'EINZEL', maxTeilnehmer: 1, everyoneView: true }, TERMIN_MESSAGES.everyoneViewNurGruppe],
      [{ therapeutId: ids['patient@demo.de']! }, TERMIN_MESSAGES.therapeutLeer],
      [{ firmaId: 999_999 }, 'Unbekannte Firma.'],
      [{ datum: day(-2) }, TERMIN_MESSAGES.vergangen],
    ];
    for (const [override, message] of cases) {
      const response = await post(apiUrl(terminEndpoints.speichern), form(override), admin);
      expect(response.statusCode, JSON.stringify(override)).toBe(400);
      expect(response.json().message, JSON.stringify(override)).toContain(message);
    }
  });

  it('creates in PLANUNG, changes, activates once, lists with filters and reads one', async () => {
    const created = (
      await post(
        apiUrl(terminEndpoints.speichern),
        form({ befund: 'Filtertest', datum: day(40), termintyp: 'BEFUND', maxTeilnehmer: 1 }),
        admin,
      )
    ).json<Termin>();
    expect(created.status).toBe('PLANUNG');
    expect(utcToBerlin(new Date(created.datum))).toEqual([day(40), '10:00']);
    const changed = await post(
      apiUrl(terminEndpoints.speichern),
      {
        ...form({ befund: 'Filtertest', datum: day(40), termintyp: 'BEFUND', maxTeilnehmer: 1, uhrzeit: '11:15' }),
        id: created.id,
      },
      admin,
    );
    expect(changed.json<Termin>().datum).not.toBe(created.datum);
    expect((await get(apiUrl(terminEndpoints.aktivieren, { params: { id: created.id } }), admin)).json().status).toBe(
      'AKTIV',
    );
    expect((await get(apiUrl(terminEndpoints.aktivieren, { params: { id: created.id } }), admin)).json().message).toBe(
      TERMIN_MESSAGES.aktivierenNurPlanung,
    );
    const list = (
      await get(`${apiUrl(terminEndpoints.betreiberAlle)}?typen=BEFUND&von=${day(40)}`, admin)
    ).json<TerminPage>();
    expect(list.items.map((i) => i.id)).toEqual([created.id]);
    const other = (
      await get(`${apiUrl(terminEndpoints.betreiberAlle)}?typen=EINZEL&von=${day(40)}`, admin)
    ).json<TerminPage>();
    expect(other.items).toEqual([]);
    expect((await get(`${apiUrl(terminEndpoints.betreiberAlle)}?typen=FOO`, admin)).statusCode).toBe(400);
    expect((await get(`${apiUrl(terminEndpoints.betreiberAlle)}?von=2026-13-01`, admin)).statusCode).toBe(400);
    expect(
      (await get(`${apiUrl(terminEndpoints.betreiberAlle)}?von=${day(5)}&bis=${day(1)}`, admin)).json().message,
    ).toContain(TERMIN_MESSAGES.datumsbereich);
    expect(
      (await get(apiUrl(terminEndpoints.betreiberEiner, { params: { id: created.id } }), admin)).json<Termin>().befund,
    ).toBe('Filtertest');
    expect((await get(apiUrl(terminEndpoints.betreiberEiner, { params: { id: 999999 } }), admin)).statusCode).toBe(404);
    expect((await get(apiUrl(terminEndpoints.betreiberEiner, { params: { id: 'abc' } }), admin)).statusCode).toBe(400);
    expect((await post(apiUrl(terminEndpoints.speichern), { ...form(), id: 999_999 }, admin)).statusCode).toBe(404);
  });

  it('cancels: past refused; seats released, credit back to its kind, participants mailed, in one go', async () => {
    const termin = await aktiverTermin({ befund: 'Absagetest', datum: day(6) });
    const patient = ids['patient2@demo.de']!;
    await t.db.transaction(async (tx) => {
      await addLedgerEntries(tx, [
        {
          patientUserId: patient,
          kind: 'rezeptGruppenTermin',
          delta: 1,
          reason: 'Test',
          idempotencyKey: 'termin-test-grant',
        },
      ]);
      await addLedgerEntries(tx, [
        {
          patientUserId: patient,
          kind: 'rezeptGruppenTermin',
          delta: -1,
          reason: 'Buchung',
          idempotencyKey: 'termin-test-spend',
        },
      ]);
      await reserveSeat(tx, {
        terminId: termin.id,
        patientUserId: patient,
        zahlungsart: 'REZEPT',
        creditKind: 'rezeptGruppenTermin',
        now: clock,
      });
    });
    const before = await balanceOf(t.db, patient);
    const response = await get(apiUrl(terminEndpoints.absagen, { params: { id: termin.id } }), admin);
    expect(response.json()).toEqual({ id: termin.id, status: 'ABGESAGT' });
    const after = await balanceOf(t.db, patient);
    expect(after.rezeptGruppenTermin).toBe(before.rezeptGruppenTermin + 1);
    expect(after.bezahltGruppenTermin).toBe(before.bezahltGruppenTermin);
    const [row] = await t.db.select().from(termine).where(eq(termine.id, termin.id));
    expect(row!.anzahlTeilnehmer).toBe(0);
    const mail = await capture.waitFor((m) => m.subject.includes('Absagetest'));
    expect(mail.to).toBe('patient2@demo.de');
    expect(mail.text).toContain('Gruppentermine (Rezept)');
    expect((await get(apiUrl(terminEndpoints.absagen, { params: { id: termin.id } }), admin)).json().message).toBe(
      TERMIN_MESSAGES.absagenNurAktiv,
    );

    const past = await aktiverTermin({ befund: 'Vergangen', datum: day(1) });
    const saved = clock;
    clock = new Date(clock.getTime() + 3 * 86_400_000);
    try {
      const refused = await get(apiUrl(terminEndpoints.absagen, { params: { id: past.id } }), admin);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(TERMIN_MESSAGES.absagenVergangenheit);
    } finally {
      clock = saved;
    }
    expect((await get(apiUrl(terminEndpoints.absagen, { params: { id: 999999 } }), admin)).statusCode).toBe(404);
  });
});

describe('seats', () => {
  it('200 concurrent reservations of the last seat: exactly one wins; the database refuses overbooking', async () => {
    const termin = await aktiverTermin({ befund: 'Letzter Platz', maxTeilnehmer: 2 });
    await t.db.transaction((tx) =>
      reserveSeat(tx, {
        terminId: termin.id,
        patientUserId: ids['patient@demo.de']!,
        zahlungsart: 'KARTE',
        now: clock,
      }),
    );
    const patients = await t.db
      .insert(users)
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          email: `sitz-${i}@test.de`,
          role: 'PATIENT' as const,
          passwordHash: demoHash,
        })),
      )
      .returning({ id: users.id });
    const results = await Promise.allSettled(
      patients.map((p) =>
        t.db.transaction((tx) =>
          reserveSeat(tx, { terminId: termin.id, patientUserId: p.id, zahlungsart: 'KARTE', now: clock }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(new Set(rejected.map((r) => (r.reason as Error).message))).toEqual(new Set([TERMIN_MESSAGES.voll]));
    const [row] = await t.db.select().from(termine).where(eq(termine.id, termin.id));
    expect(row!.anzahlTeilnehmer).toBe(2);
    await expect(t.db.update(termine).set({ anzahlTeilnehmer: 3 }).where(eq(termine.id, termin.id))).rejects.toThrow();
  });

  it('a patient never holds the same appointment twice, and cancelled or past ones cannot be booked', async () => {
    const termin = await aktiverTermin({ befund: 'Doppelt' });
    const patientUserId = ids['patient@demo.de']!;
    const book = () =>
      t.db.transaction((tx) =>
        reserveSeat(tx, { terminId: termin.id, patientUserId, zahlungsart: 'KARTE', now: clock }),
      );
    await book();
    await expect(book()).rejects.toThrow(TERMIN_MESSAGES.doppelt);
    const direct = t.db
      .insert(terminTeilnahmen)
      .values({ terminId: termin.id, patientUserId, status: 'RESERVIERT', zahlungsart: 'KARTE' });
    await expect(direct).rejects.toThrow();
    await expect(
      t.db.transaction((tx) =>
        reserveSeat(tx, {
          terminId: termin.id,
          patientUserId: ids['patient2@demo.de']!,
          zahlungsart: 'KARTE',
          now: new Date(clock.getTime() + 10 * 86_400_000),
        }),
      ),
    ).rejects.toThrow(TERMIN_MESSAGES.vergangen);
    await expect(
      t.db.transaction((tx) => reserveSeat(tx, { terminId: 999_999, patientUserId, zahlungsart: 'KARTE', now: clock })),
    ).rejects.toThrow(TERMIN_MESSAGES.unbekannt);
  });
});

describe('patient deletion', () => {
  it('frees future seats and keeps past bookings', async () => {
    const termin = await aktiverTermin({ befund: 'Loeschung', datum: day(8) });
    const patient = await account('PATIENT');
    await t.db.transaction((tx) =>
      reserveSeat(tx, { terminId: termin.id, patientUserId: patient.id, zahlungsart: 'KARTE', now: clock }),
    );
    expect(await t.db.transaction((tx) => releaseFutureSeatsOf(tx, patient.id, clock))).toBe(1);
    const [row] = await t.db.select().from(termine).where(eq(termine.id, termin.id));
    expect(row!.anzahlTeilnehmer).toBe(0);
    const past = await t.db.transaction((tx) =>
      releaseFutureSeatsOf(tx, ids['patient@demo.de']!, new Date(clock.getTime() + 400 * 86_400_000)),
    );
    expect(past).toBe(0);
  });
});

describe('attendance and PDFs', () => {
  it('attendance only from the start; confirmation PDF only after the end and when attended', async () => {
    const termin = await aktiverTermin({
      befund: 'Teilnahme',
      termintyp: 'EINZEL',
      maxTeilnehmer: 1,
      datum: day(2),
      dauer: 20,
    });
    const patientUserId = ids['patient@demo.de']!;
    await t.db.transaction((tx) =>
      reserveSeat(tx, {
        terminId: termin.id,
        patientUserId,
        zahlungsart: 'GUTHABEN',
        creditKind: 'bezahltEinzelTermin',
        now: clock,
      }),
    );
    const url = apiUrl(terminEndpoints.teilgenommen, { params: { terminId: termin.id } });
    expect((await post(url, { patientId: patientUserId, teilgenommen: true }, admin)).statusCode).toBe(400);
    const booking = await get(apiUrl(terminEndpoints.buchungPdf, { params: { id: termin.id } }), patientToken);
    expect(booking.statusCode).toBe(200);
    expect(await pdfText(booking.rawPayload)).toContain('Terminbuchungsbestätigung');
    expect(
      (await get(apiUrl(terminEndpoints.buchungPdf, { params: { id: termin.id } }), firmenpatientToken)).statusCode,
    ).toBe(404);

    const saved = clock;
    clock = new Date(new Date(termin.datum).getTime() + 5 * 60_000);
    try {
      const early = await get(apiUrl(terminEndpoints.teilnahmePdf, { params: { id: termin.id } }), patientToken);
      expect(early.json().message).toBe(TERMIN_MESSAGES.nichtStattgefunden);
      clock = new Date(new Date(termin.datum).getTime() + 30 * 60_000);
      const notConfirmed = await get(apiUrl(terminEndpoints.teilnahmePdf, { params: { id: termin.id } }), patientToken);
      expect(notConfirmed.statusCode).toBe(400);
      expect(notConfirmed.json().message).toBe(TERMIN_MESSAGES.teilnahmeNichtBestaetigt);
      const marked = await post(url, { patientId: patientUserId, teilgenommen: true }, admin);
      expect(marked.json()).toMatchObject({ patientId: patientUserId, teilgenommen: true });
      expect((await post(url, { patientId: ids['patient2@demo.de'], teilgenommen: true }, admin)).statusCode).toBe(404);
      expect((await post(url, { patientId: patientUserId, teilgenommen: 'ja' }, admin)).statusCode).toBe(400);
      const confirmation = await get(apiUrl(terminEndpoints.teilnahmePdf, { params: { id: termin.id } }), patientToken);
      expect(confirmation.statusCode).toBe(200);
      expect(await pdfText(confirmation.rawPayload)).toContain('Teilnahmebestätigung');
      expect((await get(apiUrl(terminEndpoints.teilnahmePdf, { params: { id: termin.id } }), admin)).statusCode).toBe(
        403,
      );
    } finally {
      clock = saved;
    }
  });

  it('prints the selected visible appointments; a foreign company appointment is left out', async () => {
    const list = (await get(`${apiUrl(terminEndpoints.patientAlle)}?ta=alle`, patientToken)).json<TerminPage>();
    const response = await post(
      apiUrl(terminEndpoints.terminlistePdf),
      { ids: list.items.map((i) => i.id) },
      patientToken,
    );
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Terminliste');
    expect(text).not.toContain('Bewegte Mittagspause');
    expect((await post(apiUrl(terminEndpoints.terminlistePdf), { ids: [] }, patientToken)).statusCode).toBe(400);
    expect((await post(apiUrl(terminEndpoints.terminlistePdf), { ids: ['x'] }, patientToken)).statusCode).toBe(400);
  });
});

describe('patient and therapist plans', () => {
  it('patients see bookable appointments open to them; company ones only in their company', async () => {
    const plain = (await get(apiUrl(terminEndpoints.patientAlle), patientToken)).json<TerminPage>();
    expect(plain.items.length).toBeGreaterThan(0);
    expect(plain.items.every((i) => i.status === 'AKTIV' && !i.angemeldet && i.firmaId === null)).toBe(true);
    expect(plain.items.some((i) => i.befund === 'Bewegte Mittagspause')).toBe(false);
    const company = (
      await get(`${apiUrl(terminEndpoints.patientAlle)}?firma=true`, firmenpatientToken)
    ).json<TerminPage>();
    expect(company.items.length).toBeGreaterThan(0);
    expect(company.items.every((i) => i.istFirmentermin)).toBe(true);
    const group = plain.items.find((i) => i.termintyp === 'GRUPPE' && i.everyoneView);
    expect(group).toBeDefined();
    for (const teilnehmer of group!.teilnehmerList) expect(teilnehmer.patientId).toBeNull();
    const onlyTherapist2 = (
      await get(`${apiUrl(terminEndpoints.patientAlle)}?t=${ids['therapeut2@demo.de']}`, patientToken)
    ).json<TerminPage>();
    expect(onlyTherapist2.items.every((i) => i.therapeutId === ids['therapeut2@demo.de'])).toBe(true);
    const befund = (
      await get(
        `${apiUrl(terminEndpoints.patientAlle)}?b=${encodeURIComponent('Knie-Arthrose')}&typen=TELEFON`,
        patientToken,
      )
    ).json<TerminPage>();
    expect(befund.items.every((i) => i.befund === 'Knie-Arthrose' && i.termintyp === 'TELEFON')).toBe(true);
    expect((await get(`${apiUrl(terminEndpoints.patientAlle)}?ta=url`, patientToken)).statusCode).toBe(400);
    expect((await get(`${apiUrl(terminEndpoints.patientAlle)}?von=21.11.2026`, patientToken)).statusCode).toBe(400);
    expect((await get(`${apiUrl(terminEndpoints.patientAlle)}?typen=`, patientToken)).statusCode).toBe(400);
    expect((await get(apiUrl(terminEndpoints.patientAlle), admin)).statusCode).toBe(403);
    expect((await get(apiUrl(terminEndpoints.patientAlle))).statusCode).toBe(401);
  });

  it('the group participant names are hidden from a browsing patient', async () => {
    const termin = await aktiverTermin({ befund: 'Jeder sieht jeden', everyoneView: true, datum: day(4) });
    const seat = (patientUserId: number, status: 'GEBUCHT' | 'RESERVIERT' = 'GEBUCHT') =>
      t.db.transaction((tx) =>
        reserveSeat(tx, { terminId: termin.id, patientUserId, zahlungsart: 'KARTE', status, now: clock }),
      );
    await seat(ids['patient2@demo.de']!);
    const namesFor = async (token: string) => {
      const page = (
        await get(`${apiUrl(terminEndpoints.patientAlle)}?ta=alle&von=${day(4)}&bis=${day(4)}`, token)
      ).json<TerminPage>();
      return page.items.find((i) => i.id === termin.id)?.teilnehmerList.map((p) => p.lastname);
    };
    // browsing (no seat): the appointment is listed, its participants are not
    expect(await namesFor(patientToken)).toEqual([]);
    // an unpaid reservation is not yet a booked participant
    const held = await seat(ids['patient@demo.de']!, 'RESERVIERT');
    expect(await namesFor(patientToken)).toEqual([]);
    expect(
      (await get(apiUrl(terminEndpoints.angemeldet), patientToken)).json<Termin[]>().find((i) => i.id === termin.id)
        ?.teilnehmerList,
    ).toEqual([]);
    // booked: the co-participants' names, without ids
    await t.db.update(terminTeilnahmen).set({ status: 'GEBUCHT' }).where(eq(terminTeilnahmen.id, held.id));
    const booked = (await get(apiUrl(terminEndpoints.angemeldet), patientToken))
      .json<Termin[]>()
      .find((i) => i.id === termin.id)!;
    expect(booked.teilnehmerList).toHaveLength(2);
    expect(booked.teilnehmerList.every((p) => p.patientId === null && p.lastname !== '')).toBe(true);
    // the therapist and the operator see them
    const ofTherapist = (
      await get(apiUrl(terminEndpoints.therapeutAlle, { params: { status: 'AKTIV' } }), therapist1)
    ).json<Termin[]>();
    expect(ofTherapist.find((i) => i.id === termin.id)!.teilnehmerList).toHaveLength(2);
    const ofOperator = (
      await get(apiUrl(terminEndpoints.betreiberEiner, { params: { id: termin.id } }), admin)
    ).json<Termin>();
    expect(ofOperator.teilnehmerList).toHaveLength(2);
  });

  it('own bookings: angemeldet lists the past attended demo booking; the operator sees a patient plan', async () => {
    const own = (await get(apiUrl(terminEndpoints.angemeldet), patientToken)).json<Termin[]>();
    const attended = own.find((i) => i.details === 'Erster Einzeltermin');
    expect(attended).toMatchObject({ angemeldet: true, bezahlt: true, teilgenommen: true, beendet: true });
    const viaOperator = await get(
      `${apiUrl(terminEndpoints.planVonPatient, { params: { patientId: ids['patient@demo.de'] } })}?ta=angemeldet&von=${day(-30)}&bis=${day(30)}`,
      admin,
    );
    expect(viaOperator.json<TerminPage>().items.some((i) => i.details === 'Erster Einzeltermin')).toBe(true);
    expect(
      (await get(apiUrl(terminEndpoints.planVonPatient, { params: { patientId: ids['therapeut@demo.de'] } }), admin))
        .statusCode,
    ).toBe(404);
  });

  it('therapists see only their own appointments; patient ids only without a company', async () => {
    const termin = await aktiverTermin({ befund: 'Therapeutenliste', therapeutId: ids['therapeut2@demo.de']! });
    await t.db.transaction((tx) =>
      reserveSeat(tx, {
        terminId: termin.id,
        patientUserId: ids['patient@demo.de']!,
        zahlungsart: 'KARTE',
        now: clock,
      }),
    );
    const mine = (await get(apiUrl(terminEndpoints.therapeutAlle, { params: { status: 'AKTIV' } }), therapist2)).json<
      Termin[]
    >();
    expect(mine.every((i) => i.therapeutId === ids['therapeut2@demo.de'])).toBe(true);
    const withSeat = mine.find((i) => i.id === termin.id);
    expect(withSeat!.teilnehmerList[0]!.patientId).toBe(ids['patient@demo.de']);
    const other = (await get(apiUrl(terminEndpoints.therapeutAlle, { params: { status: 'AKTIV' } }), therapist1)).json<
      Termin[]
    >();
    expect(other.some((i) => i.id === termin.id)).toBe(false);
    expect(
      (await get(apiUrl(terminEndpoints.therapeutAlle, { params: { status: 'FOO' } }), therapist1)).statusCode,
    ).toBe(400);
    expect(
      (await get(apiUrl(terminEndpoints.therapeutAlle, { params: { status: 'AKTIV' } }), patientToken)).statusCode,
    ).toBe(403);
    // a therapist of a company gets names without patient links
    const firmaId = (
      await t.db.select({ firmaId: users.firmaId }).from(users).where(eq(users.email, 'firmenpatient@demo.de'))
    )[0]!.firmaId;
    await t.db.update(users).set({ firmaId }).where(eq(users.id, ids['therapeut2@demo.de']!));
    try {
      const reduced = (
        await get(apiUrl(terminEndpoints.therapeutAlle, { params: { status: 'AKTIV' } }), therapist2)
      ).json<Termin[]>();
      const entry = reduced.find((i) => i.id === termin.id)!.teilnehmerList[0]!;
      expect(entry.patientId).toBeNull();
      expect(entry.userId).toBeNull();
    } finally {
      await t.db.update(users).set({ firmaId: null }).where(eq(users.id, ids['therapeut2@demo.de']!));
    }
  });
});

describe('reminder job', () => {
  it('mails each booked patient once, 24 h before the start', async () => {
    const termin = await aktiverTermin({ befund: 'Erinnerung', datum: day(60), uhrzeit: '12:00' });
    await t.db.transaction((tx) =>
      reserveSeat(tx, {
        terminId: termin.id,
        patientUserId: ids['firmenpatient@demo.de']!,
        zahlungsart: 'GUTHABEN',
        now: clock,
      }),
    );
    const start = new Date(termin.datum).getTime();
    expect(await runReminderJob(t.db, new Date(start - 25 * 3_600_000))).toBe(0);
    const first = await runReminderJob(t.db, new Date(start - 23 * 3_600_000));
    expect(first).toBe(1);
    expect(await runReminderJob(t.db, new Date(start - 22 * 3_600_000))).toBe(0);
    const [seat] = await t.db.select().from(terminTeilnahmen).where(eq(terminTeilnahmen.terminId, termin.id));
    expect(seat!.reminderSentAt).not.toBeNull();
    const outbox = await t.db.select().from(mailOutbox).where(like(mailOutbox.subject, '%: Erinnerung%'));
    expect(outbox.map((m) => m.recipient)).toEqual(['firmenpatient@demo.de']);
  });
});
