import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Guthaben, GuthabenAngebot, GuthabenBuchung } from '@dihs/contract/guthaben';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { accountWithBearer, postSandboxWebhook, pressSandboxButton, tokenOf } from '../../test/payment-support.ts';
import { mailOutbox } from '../mail/mail.table.ts';
import { zahlungen, zahlungEvents } from '../zahlung/zahlung.table.ts';
import { GUTHABEN_MAIL_SUBJECT } from './guthaben-mail.ts';
import { guthabenAngebote, guthabenBestellungen, guthabenBuchungen, guthabenSchulden } from './guthaben.table.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { guthabenEndpoints } from '@dihs/contract/guthaben';
import { zahlungEndpoints } from '@dihs/contract/zahlung';

let t: TestApp;
let patient: string;
let patient2: string;
let offers: GuthabenAngebot[];
beforeAll(async () => {
  t = await createTestApp();
  patient = await t.bearer('patient@demo.de');
  patient2 = await t.bearer('patient2@demo.de');
  offers = (await get(apiUrl(guthabenEndpoints.angebote), patient)).json<GuthabenAngebot[]>();
});
afterAll(async () => {
  await t.close();
});

function get(url: string, bearer?: string) {
  return t.app.inject({ method: 'GET', url, headers: bearer ? { authorization: bearer } : {} });
}
const balance = async (bearer: string) => (await get(apiUrl(guthabenEndpoints.eigenes), bearer)).json<Guthaben>();
const check = async (id: number, bearer = patient) =>
  (await get(apiUrl(guthabenEndpoints.buchung, { params: { buchungId: id } }), bearer)).json<GuthabenBuchung>();
const offer = (titel: string) => {
  const found = offers.find((o) => o.titel === titel);
  if (!found) throw new Error(titel);
  return found;
};

/** Orders a package and opens the payment address (the provider's checkout starts): answers ids and token. */
async function order(titel: string, bearer = patient) {
  const response = await get(
    apiUrl(guthabenEndpoints.bestellen, { params: { offerId: offer(titel).guthabenAngebotId } }),
    bearer,
  );
  expect(response.statusCode).toBe(200);
  const url = response.body;
  const token = tokenOf(url);
  const start = await get(url);
  expect(start.statusCode).toBe(303);
  expect(start.headers.location).toBe(apiUrl(zahlungEndpoints.sandboxSeite, { params: { token } }));
  const [payment] = await t.db.select().from(zahlungen).where(eq(zahlungen.checkoutToken, token));
  return { token, paymentId: payment!.id, orderId: payment!.referenceId };
}

describe('credit shop', () => {
  it('lists the bookable offers only, with the spec fields', () => {
    expect(offers.map((o) => o.titel)).toEqual(['Einzeltermin', 'Starter', 'Kombi', 'Telefon 5er']);
    expect(offer('Starter')).toMatchObject({
      centPreis: 4900,
      buchbar: true,
      einzelTermine: 3,
      gruppenTermine: 2,
      telefonTermine: 0,
      anamnese: 1,
      befunde: 0,
    });
  });

  it('buys a package through the sandbox: credit only after the provider confirms, once, with a PDF', async () => {
    const before = await balance(patient);
    const { token, paymentId, orderId } = await order('Starter');

    const pending = await check(orderId);
    expect(pending).toMatchObject({ status: 'PENDING', transactionId: null, stornodatum: null });
    expect(pending.guthabenAngebot.titel).toBe('Starter');
    expect(pending.zahlungsLink).toBe(apiUrl(zahlungEndpoints.checkout, { params: { token } }));
    const page = await get(apiUrl(zahlungEndpoints.sandboxSeite, { params: { token } }));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>Testzahlung</title>');
    expect(page.body).toContain('49,00 €');
    expect(page.body).toContain('Guthabenpaket Starter');
    for (const button of ['Bezahlen', 'Abbrechen', 'Fehlschlag simulieren']) expect(page.body).toContain(button);
    expect(page.body).not.toContain('<script');
    expect((await pdf(orderId)).statusCode).toBe(400);

    const pressed = await pressSandboxButton(t, token, 'bezahlen');
    expect(pressed.statusCode).toBe(303);
    expect(pressed.headers.location).toBe(`/guthaben/${orderId}`);
    await t.app.zahlungSandbox!.idle();

    const after = await balance(patient);
    expect(after.bezahltEinzelTermin).toBe(before.bezahltEinzelTermin + 3);
    expect(after.bezahltGruppenTermin).toBe(before.bezahltGruppenTermin + 2);
    expect(after.bezahltAnamneseTermin).toBe(before.bezahltAnamneseTermin + 1);
    expect(after.bezahltTelefonTermin).toBe(before.bezahltTelefonTermin);
    const paid = await check(orderId);
    expect(paid.status).toBe('PAID');
    expect(paid.transactionId).toMatch(/^SBX-/);
    expect(paid.zahlungsLink).toBeNull();

    // pressing again (a second tab) and replaying the confirmation change nothing
    await pressSandboxButton(t, token, 'bezahlen');
    await t.app.zahlungSandbox!.idle();
    const replays = await Promise.all(
      Array.from({ length: 50 }, () =>
        postSandboxWebhook(t, 'payment.paid', paymentId, { eventId: `evt-replay-${paymentId}` }),
      ),
    );
    expect(replays.every((r) => r.statusCode === 200)).toBe(true);
    expect(await balance(patient)).toEqual(after);
    const entries = await t.db
      .select()
      .from(guthabenBuchungen)
      .where(eq(guthabenBuchungen.reference, `zahlung:${paymentId}`));
    expect(entries).toHaveLength(3);
    const events = await t.db
      .select()
      .from(zahlungEvents)
      .where(eq(zahlungEvents.providerEventId, `evt-replay-${paymentId}`));
    expect(events).toHaveLength(1);

    // one confirmation mail in the platform's style, written with the credit, with the PDF attached
    const mails = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'patient@demo.de'))).filter(
      (m) => m.attachments.some((a) => a.filename === `guthabenbestaetigung-${orderId}.pdf`),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`DiHS Teletherapie: ${GUTHABEN_MAIL_SUBJECT}`);
    expect(mails[0]!.text).toContain('Guten Tag Paula Patientin,');
    expect(mails[0]!.text).toContain('„Starter“ (49,00 €)');
    expect(mails[0]!.text).toContain('- 3 × Video-Einzeltermin');
    const attached = mails[0]!.attachments[0]!;
    expect(attached).toMatchObject({ contentType: 'application/pdf', encoding: 'base64' });
    expect(await pdfText(Buffer.from(attached.content, 'base64'))).toContain('Buchungsbestätigung Guthaben');

    const file = await pdf(orderId);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(file.rawPayload);
    for (const expected of [
      'DiHS Teletherapie',
      'Paula Patientin',
      'Starter',
      '3 × Video-Einzeltermin',
      '49,00 €',
      '41,18 €',
      '7,82 €',
      '19 %',
      paid.transactionId!,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('delivers the same webhook 50 times at once and books the credit once', async () => {
    const before = await balance(patient);
    const { paymentId, orderId } = await order('Einzeltermin');
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        postSandboxWebhook(t, 'payment.paid', paymentId, {
          eventId: `evt-burst-${paymentId}`,
          transactionId: 'SBX-BURST',
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect((await balance(patient)).bezahltEinzelTermin).toBe(before.bezahltEinzelTermin + 1);
    expect(
      await t.db
        .select()
        .from(guthabenBuchungen)
        .where(eq(guthabenBuchungen.reference, `zahlung:${paymentId}`)),
    ).toHaveLength(1);
    expect((await check(orderId)).transactionId).toBe('SBX-BURST');
  });

  it('leaves the credit alone when the payment is cancelled or fails, and keeps a failed one open', async () => {
    const before = await balance(patient);
    const failed = await order('Einzeltermin');
    await pressSandboxButton(t, failed.token, 'fehlschlag');
    await t.app.zahlungSandbox!.idle();
    expect((await check(failed.orderId)).status).toBe('PENDING');
    const cancelled = await order('Einzeltermin');
    const back = await pressSandboxButton(t, cancelled.token, 'abbrechen');
    expect(back.headers.location).toBe(`/guthaben/${cancelled.orderId}?zahlung=abgebrochen`);
    await t.app.zahlungSandbox!.idle();
    expect((await check(cancelled.orderId)).status).toBe('CANCELLED');
    expect(await balance(patient)).toEqual(before);
    // the decided payment's address leads straight back
    const again = await get(apiUrl(zahlungEndpoints.checkout, { params: { token: cancelled.token } }));
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`/guthaben/${cancelled.orderId}`);
    expect((await pdf(cancelled.orderId)).statusCode).toBe(400);
  });

  it('takes the credit back on a refund, and records what was already used as debt', async () => {
    const account = await accountWithBearer(t, 'PATIENT');
    const { token, paymentId, orderId } = await order('Kombi', account.bearer);
    await pressSandboxButton(t, token, 'bezahlen');
    await t.app.zahlungSandbox!.idle();
    expect(await balance(account.bearer)).toMatchObject({
      bezahltEinzelTermin: 5,
      bezahltGruppenTermin: 5,
      bezahltTelefonTermin: 2,
      bezahltBefundTermin: 1,
    });
    // two single sessions are used meanwhile
    await t.db.insert(guthabenBuchungen).values({
      patientUserId: account.id,
      kind: 'bezahltEinzelTermin',
      delta: -2,
      reason: 'Termin',
      idempotencyKey: `termin-${account.id}`,
    });

    const page = await get(apiUrl(zahlungEndpoints.sandboxSeite, { params: { token } }));
    expect(page.body).toContain('Rückerstattung simulieren');
    await pressSandboxButton(t, token, 'rueckerstatten');
    await t.app.zahlungSandbox!.idle();
    expect(await balance(account.bearer)).toMatchObject({
      bezahltEinzelTermin: 0,
      bezahltGruppenTermin: 0,
      bezahltTelefonTermin: 0,
      bezahltBefundTermin: 0,
    });
    const booking = await check(orderId, account.bearer);
    expect(booking.status).toBe('REFUNDED');
    expect(booking.stornodatum).not.toBeNull();
    const debts = await t.db.select().from(guthabenSchulden).where(eq(guthabenSchulden.patientUserId, account.id));
    expect(debts.map((d) => [d.kind, d.amount])).toEqual([['bezahltEinzelTermin', 2]]);
    const verlauf = (await get(apiUrl(guthabenEndpoints.eigenerVerlauf), account.bearer)).json<{
      schulden: object;
      eintraege: { grund: string }[];
    }>();
    expect(verlauf.schulden).toEqual({ bezahltEinzelTermin: 2 });
    expect(verlauf.eintraege[0]!.grund).toBe('Rückerstattung: Kombi');

    // a later cancellation event of the same payment changes nothing any more
    expect((await postSandboxWebhook(t, 'payment.storniert', paymentId)).statusCode).toBe(200);
    expect((await check(orderId, account.bearer)).status).toBe('REFUNDED');
    // the refunded booking still has its confirmation
    expect((await pdf(orderId, account.bearer)).statusCode).toBe(200);
  });

  it('applies a refund that arrives before the payment, and ignores the late payment', async () => {
    const account = await accountWithBearer(t, 'PATIENT');
    const { paymentId, orderId } = await order('Telefon 5er', account.bearer);
    expect((await postSandboxWebhook(t, 'payment.refunded', paymentId)).statusCode).toBe(200);
    expect((await postSandboxWebhook(t, 'payment.paid', paymentId, { transactionId: 'SBX-LATE' })).statusCode).toBe(
      200,
    );
    expect((await check(orderId, account.bearer)).status).toBe('REFUNDED');
    expect((await balance(account.bearer)).bezahltTelefonTermin).toBe(0);
    expect(await t.db.select().from(guthabenSchulden).where(eq(guthabenSchulden.patientUserId, account.id))).toEqual(
      [],
    );
  });

  it('credits a payment that was cancelled first and then paid after all (the provider took the money)', async () => {
    const account = await accountWithBearer(t, 'PATIENT');
    const { paymentId, orderId } = await order('Einzeltermin', account.bearer);
    await postSandboxWebhook(t, 'payment.cancelled', paymentId);
    expect((await check(orderId, account.bearer)).status).toBe('CANCELLED');
    await postSandboxWebhook(t, 'payment.paid', paymentId);
    expect((await check(orderId, account.bearer)).status).toBe('PAID');
    expect((await balance(account.bearer)).bezahltEinzelTermin).toBe(1);
  });
});

describe('webhook refusals', () => {
  it('refuses a bad signature, a stale signature and a malformed body with 400, changing nothing', async () => {
    const { paymentId, orderId } = await order('Einzeltermin');
    expect((await postSandboxWebhook(t, 'payment.paid', paymentId, { signature: 't=1,v1=00' })).statusCode).toBe(400);
    expect((await postSandboxWebhook(t, 'payment.paid', paymentId, { signature: '' })).statusCode).toBe(400);
    const stale = await postSandboxWebhook(t, 'payment.paid', paymentId, {
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ message: 'Ungültige Signatur des Zahlungsanbieters.' });
    expect((await postSandboxWebhook(t, 'payment.paid', paymentId, { body: '{"id":' })).statusCode).toBe(400);
    expect(
      (
        await postSandboxWebhook(t, 'payment.paid', paymentId, {
          body: '{"id":"x","type":"payment.unknown","created":1,"data":{"paymentId":1}}',
        })
      ).statusCode,
    ).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: apiUrl(zahlungEndpoints.webhookSandbox),
      payload: { id: 'x' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await check(orderId)).status).toBe('PENDING');
  });

  it('answers 404 for an unknown payment and for a payment whose checkout never started', async () => {
    expect((await postSandboxWebhook(t, 'payment.paid', 999_999)).statusCode).toBe(404);
    const url = (
      await get(
        apiUrl(guthabenEndpoints.bestellen, { params: { offerId: offer('Einzeltermin').guthabenAngebotId } }),
        patient,
      )
    ).body;
    const [payment] = await t.db
      .select()
      .from(zahlungen)
      .where(eq(zahlungen.checkoutToken, tokenOf(url)));
    expect((await postSandboxWebhook(t, 'payment.paid', payment!.id)).statusCode).toBe(404);
    expect(
      (await get(apiUrl(zahlungEndpoints.checkout, { params: { token: 'unbekannt-unbekannt-1234' } }))).statusCode,
    ).toBe(404);
    expect(
      (await get(apiUrl(zahlungEndpoints.sandboxSeite, { params: { token: 'unbekannt-unbekannt-1234' } }))).statusCode,
    ).toBe(404);
    expect((await pressSandboxButton(t, tokenOf(url), 'verschenken')).statusCode).toBe(400);
  });
});

describe('shop authorization and bad input', () => {
  it("hides another patient's booking (404) and its PDF", async () => {
    const { orderId } = await order('Einzeltermin');
    expect(
      (await get(apiUrl(guthabenEndpoints.buchung, { params: { buchungId: orderId } }), patient2)).statusCode,
    ).toBe(404);
    expect(
      (await get(apiUrl(guthabenEndpoints.bestaetigungPdf, { params: { id: orderId } }), patient2)).statusCode,
    ).toBe(404);
    expect((await get(apiUrl(guthabenEndpoints.buchung, { params: { buchungId: 999999 } }), patient)).statusCode).toBe(
      404,
    );
  });

  it('refuses visitors (401), therapists and operators (403) on the patient calls', async () => {
    const therapist = await t.bearer('therapeut@demo.de');
    const operator = await t.bearer('betreiber@demo.de');
    for (const url of [
      apiUrl(guthabenEndpoints.eigenes),
      apiUrl(guthabenEndpoints.angebote),
      apiUrl(guthabenEndpoints.bestellen, { params: { offerId: 1 } }),
      apiUrl(guthabenEndpoints.buchung, { params: { buchungId: 1 } }),
      apiUrl(guthabenEndpoints.eigenerVerlauf),
      apiUrl(guthabenEndpoints.bestaetigungPdf, { params: { id: 1 } }),
    ]) {
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(url, therapist)).statusCode, url).toBe(403);
      expect((await get(url, operator)).statusCode, url).toBe(403);
    }
  });

  it('refuses unknown and not bookable offers and malformed ids, creating nothing', async () => {
    const count = async () => (await t.db.select().from(guthabenBestellungen)).length;
    const before = await count();
    const [hidden] = await t.db.select().from(guthabenAngebote).where(eq(guthabenAngebote.buchbar, false));
    const notBookable = await get(apiUrl(guthabenEndpoints.bestellen, { params: { offerId: hidden!.id } }), patient);
    expect(notBookable.statusCode).toBe(400);
    expect(notBookable.json()).toMatchObject({ message: 'Dieses Guthabenpaket ist nicht buchbar.' });
    expect((await get(apiUrl(guthabenEndpoints.bestellen, { params: { offerId: 999999 } }), patient)).statusCode).toBe(
      404,
    );
    for (const id of ['abc', '1.5', '-1', '0', '99999999999']) {
      expect(
        (await get(apiUrl(guthabenEndpoints.bestellen, { params: { offerId: id } }), patient)).statusCode,
        id,
      ).toBe(400);
      expect(
        (await get(apiUrl(guthabenEndpoints.buchung, { params: { buchungId: id } }), patient)).statusCode,
        id,
      ).toBe(400);
    }
    expect(await count()).toBe(before);
  });

  it('lets a patient without a confirmed address not buy', async () => {
    const unconfirmed = await accountWithBearer(t, 'PATIENT', [], { emailConfirmed: false });
    const response = await get(
      apiUrl(guthabenEndpoints.bestellen, { params: { offerId: offer('Starter').guthabenAngebotId } }),
      unconfirmed.bearer,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json<{ message: string }>().message).toMatch(/bestätigen Sie zuerst Ihre E-Mail-Adresse/);
  });
});

function pdf(id: number, bearer = patient) {
  return get(apiUrl(guthabenEndpoints.bestaetigungPdf, { params: { id } }), bearer);
}

async function pdfText(buffer: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(buffer));
  const { text } = await extractText(document, { mergePages: true });
  return text;
}
