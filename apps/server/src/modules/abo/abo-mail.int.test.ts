import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aboEndpoints } from '@dihs/contract/abo';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { mailOutbox } from '../mail/mail.table.ts';
import { ABO_MAIL_SUBJECTS } from './abo-mail.ts';
import { aboTestSupport } from './abo.test-support.ts';

let clock = new Date('2030-01-10T09:00:00Z');
let t: TestApp;
let admin: string;
const s = aboTestSupport(() => t);

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_IP: '10000', LOGIN_RATE_LIMIT_ACCOUNT: '10000' }, { now: () => clock });
  admin = await t.bearer('betreiber@demo.de');
});
afterAll(() => t.close());

const mailsTo = (email: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email)).orderBy(asc(mailOutbox.id));

const PAKET = {
  title: 'Quartalsabo Mail',
  laufzeitMonate: 6,
  buchungMonate: 3,
  kuendigungsfristMonate: 1,
  einzelTermineProQuartal: 2,
  gruppenTermineProQuartal: 1,
  befundtermine: 0,
  trainingsplaene: 0,
  kostenProQuartalCent: 3000,
};

describe('subscription confirmation mails', () => {
  it('confirms booking, cancellation and its withdrawal to the patient, once each', async () => {
    const patient = await s.account('PATIENT', { name: 'Erika Abo' });
    const paket = await s.paket(admin, PAKET);
    const url = await s.bestellen(patient.bearer, paket.aboPaketId);
    // nothing before the payment arrives
    expect(await mailsTo(patient.email)).toHaveLength(0);
    await s.sandbox(url, 'bezahlen');
    const abo = (await s.aktiv(patient.bearer))!;

    const [gebucht] = await mailsTo(patient.email);
    expect(gebucht!.subject).toBe(`DiHS Teletherapie: ${ABO_MAIL_SUBJECTS.gebucht}`);
    expect(gebucht!.text).toContain('Guten Tag Erika Abo,');
    expect(gebucht!.text).toContain('Ihr Abo „Quartalsabo Mail“ ist ab dem 10.01.2030 aktiv.');
    expect(gebucht!.text).toContain('Enthalten sind je 3 Monate: 2 Einzeltermine, 1 Gruppentermin.');
    expect(gebucht!.text).toContain('Die aktuelle Laufzeit endet am 09.07.2030.');
    expect(gebucht!.text).toContain('Ihr Team der DiHS Teletherapie');

    clock = new Date('2030-02-01T09:00:00Z');
    expect(
      (await s.get(apiUrl(aboEndpoints.kuendigen, { params: { aboId: abo.id } }), patient.bearer)).statusCode,
    ).toBe(200);
    const withdraw = apiUrl(aboEndpoints.kuendigungWiderrufen, { params: { aboId: abo.id } });
    expect((await s.get(withdraw, patient.bearer)).statusCode).toBe(200);
    // a refused second withdrawal sends nothing
    expect((await s.get(withdraw, patient.bearer)).statusCode).toBe(400);

    const mails = await mailsTo(patient.email);
    expect(mails.map((m) => m.subject)).toEqual(
      [ABO_MAIL_SUBJECTS.gebucht, ABO_MAIL_SUBJECTS.gekuendigt, ABO_MAIL_SUBJECTS.widerrufen].map(
        (subject) => `DiHS Teletherapie: ${subject}`,
      ),
    );
    expect(mails[1]!.text).toContain('Das Abo endet am 09.07.2030');
    expect(mails[2]!.text).toContain('Sie haben die Kündigung Ihres Abos „Quartalsabo Mail“ widerrufen.');
  });

  it('confirms the cancellation of an unpaid booking, and nothing for another patient’s id', async () => {
    const patient = await s.account('PATIENT');
    const other = await s.account('PATIENT');
    const paket = await s.paket(admin, PAKET);
    await s.bestellen(patient.bearer, paket.aboPaketId);
    const abo = (await s.aktiv(patient.bearer))!;
    expect((await s.get(apiUrl(aboEndpoints.kuendigen, { params: { aboId: abo.id } }), other.bearer)).statusCode).toBe(
      404,
    );
    expect(await mailsTo(other.email)).toHaveLength(0);
    expect(await mailsTo(patient.email)).toHaveLength(0);
    await s.get(apiUrl(aboEndpoints.kuendigen, { params: { aboId: abo.id } }), patient.bearer);
    const mails = await mailsTo(patient.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`DiHS Teletherapie: ${ABO_MAIL_SUBJECTS.storniert}`);
    expect(mails[0]!.text).toContain('Es wurde nichts berechnet.');
  });
});
