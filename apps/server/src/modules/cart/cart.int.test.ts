import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CART_MESSAGES, type Cart } from '@dihs/contract/cart';
import { accountWithBearer, postSandboxWebhook, pressSandboxButton, tokenOf } from '../../test/payment-support.ts';
import { deletionJobs } from '../loeschung/loeschung.table.ts';
import { terminTeilnahmen } from '../termin/termin.table.ts';
import { users } from '../users/users.table.ts';
import { zahlungen } from '../zahlung/zahlung.table.ts';
import { runCartTimeoutJob } from './cart-job.ts';
import { cartSuite } from './cart.test-support.ts';
import { warenkoerbe } from './cart.table.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { cartEndpoints } from '@dihs/contract/cart';
import { guthabenEndpoints } from '@dihs/contract/guthaben';
import { loeschungEndpoints } from '@dihs/contract/loeschung';
import { profilEndpoints } from '@dihs/contract/profil';
import { terminEndpoints } from '@dihs/contract/termin';
import { zahlungEndpoints } from '@dihs/contract/zahlung';

const s = cartSuite();
const h = s.h;

const patient = async (options: { firma?: boolean; emailConfirmed?: boolean } = {}) => {
  const account = await accountWithBearer(s.t, 'PATIENT', [], { emailConfirmed: options.emailConfirmed ?? true });
  if (options.firma) await s.t.db.update(users).set({ firmaId: s.firmaId }).where(eq(users.id, account.id));
  return account;
};
const cartCount = async () => (await s.t.db.select({ n: count() }).from(warenkoerbe))[0]!.n;
const seatCount = async () => (await s.t.db.select({ n: count() }).from(terminTeilnahmen))[0]!.n;

describe('cart creation', () => {
  it('decides the payment method in the fixed order: FIRMA, REZEPT, ABO, GUTHABEN, KARTE', async () => {
    const p = await patient({ firma: true });
    await h.grant(p.id, { rezeptEinzelTermin: 1, aboEinzelTermin: 1, bezahltEinzelTermin: 1 });
    const einzel = { termintyp: 'EINZEL' as const, maxTeilnehmer: 1 };
    const firma = await h.termin({ ...einzel, firmaId: s.firmaId, istFirmentermin: true, hours: 50 });
    const a = await h.termin({ ...einzel, hours: 51 });
    const b = await h.termin({ ...einzel, hours: 52 });
    const c = await h.termin({ ...einzel, hours: 53 });
    const d = await h.termin({ ...einzel, hours: 54 });
    const cart = await h.createOk(p.bearer, [d.id, c.id, b.id, a.id, firma.id]);
    expect(cart.status).toBe('OFFEN');
    expect(cart.items.map((i) => [i.terminId, i.paymentMethod, i.status])).toEqual([
      [firma.id, 'FIRMA', 'OFFEN'],
      [a.id, 'REZEPT', 'OFFEN'],
      [b.id, 'ABO', 'OFFEN'],
      [c.id, 'GUTHABEN', 'OFFEN'],
      [d.id, 'KARTE', 'OFFEN'],
    ]);
    expect(cart.amountCents).toBe(2500);
    expect(cart.items.at(-1)!.amountCents).toBe(2500);
    expect(new Set(cart.items.map((i) => i.therapeut))).toEqual(new Set(['Thomas Therapeut']));
    expect(cart.redirectUrl).toMatch(/^\/api\/zahlung\/checkout\//);
    expect(new Date(cart.expiresAt).getTime()).toBe(s.clock.getTime() + 30 * 60_000);
    const after = await h.balance(p.id);
    expect([after.rezeptEinzelTermin, after.aboEinzelTermin, after.bezahltEinzelTermin]).toEqual([0, 0, 0]);
    for (const termin of [firma, a, b, c, d]) expect(await h.counterOf(termin.id)).toBe(1);
    const seats = await s.t.db.select().from(terminTeilnahmen).where(eq(terminTeilnahmen.cartId, cart.cartId));
    expect(seats.every((s) => s.status === 'RESERVIERT')).toBe(true);
    expect(seats.find((s) => s.terminId === d.id)!.creditKind).toBe('bezahltEinzelTermin');
  });

  it('refuses hidden, planned, past, other-company and unknown appointments; nothing changes', async () => {
    const p = await patient();
    await h.grant(p.id, { bezahltGruppenTermin: 1 });
    const ok = await h.termin();
    const cases = [
      [await h.termin({ status: 'PLANUNG' }), 409, CART_MESSAGES.nichtSichtbar],
      [await h.termin({ status: 'ABGESAGT' }), 409, CART_MESSAGES.nichtSichtbar],
      [await h.termin({ hours: -2 }), 409, CART_MESSAGES.nichtSichtbar],
      [await h.termin({ firmaId: s.firmaId, istFirmentermin: true }), 409, CART_MESSAGES.nichtSichtbar],
    ] as const;
    const carts = await cartCount();
    const seats = await seatCount();
    for (const [termin, status, message] of cases) {
      const response = await h.create(p.bearer, [ok.id, termin.id]);
      expect(response.statusCode).toBe(status);
      expect(response.json().message).toBe(message);
    }
    const unknown = await h.create(p.bearer, [ok.id, 999_999]);
    expect(unknown.statusCode).toBe(404);
    expect(await cartCount()).toBe(carts);
    expect(await seatCount()).toBe(seats);
    expect(await h.counterOf(ok.id)).toBe(0);
    expect((await h.balance(p.id)).bezahltGruppenTermin).toBe(1);
  });

  it('refuses a full appointment and a second booking of the same appointment', async () => {
    const p = await patient();
    const full = await h.termin({ maxTeilnehmer: 1 });
    await h.createOk((await patient()).bearer, [full.id]);
    expect((await h.create(p.bearer, [full.id])).statusCode).toBe(409);
    const once = await h.termin();
    await h.createOk(p.bearer, [once.id]);
    expect((await h.create(p.bearer, [once.id])).statusCode).toBe(409);
    expect(await h.counterOf(once.id)).toBe(1);
  });

  it('refuses a card item without a price', async () => {
    const p = await patient();
    const { verwaltungEintraege } = await import('../verwaltung/verwaltung.table.ts');
    // a price is stored as cents or not at all (the settings screen refuses anything else), so "no valid price" is none
    const [row] = await s.t.db
      .delete(verwaltungEintraege)
      .where(eq(verwaltungEintraege.type, 'TERMINPREIS_TELEFON'))
      .returning();
    try {
      const termin = await h.termin({ termintyp: 'TELEFON' });
      const response = await h.create(p.bearer, [termin.id]);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(CART_MESSAGES.keinPreis);
      expect(await h.counterOf(termin.id)).toBe(0);
    } finally {
      await s.t.db.insert(verwaltungEintraege).values({ type: row!.type, cents: row!.cents });
    }
  });

  it('bad input: empty, 51 items, 10,000 items, duplicates, non-numbers -> 400 German, nothing changed', async () => {
    const p = await patient();
    const termin = await h.termin();
    const carts = await cartCount();
    const bodies: [unknown, string | null][] = [
      [[], CART_MESSAGES.leer],
      [Array.from({ length: 51 }, (_, i) => ({ id: i + 1 })), CART_MESSAGES.zuViele],
      [Array.from({ length: 10_000 }, (_, i) => ({ id: i + 1 })), CART_MESSAGES.zuViele],
      [[{ id: termin.id }, { id: termin.id }], CART_MESSAGES.doppelt],
      [[{ id: 'abc' }], 'Ungültige Termin-ID.'],
      [[{ id: -1 }], 'Ungültige Termin-ID.'],
      [{ id: termin.id }, null],
      [[termin.id], null],
    ];
    for (const [body, message] of bodies) {
      const response = await h.inject('POST', apiUrl(cartEndpoints.anlegen), p.bearer, body);
      expect(response.statusCode).toBe(400);
      if (message) expect(response.json().message).toContain(message);
      else expect(response.json().message).toMatch(/[äöüÄÖÜß]|ungültig|Ungültig/);
    }
    expect(await cartCount()).toBe(carts);
    expect(await h.counterOf(termin.id)).toBe(0);
    expect(
      (await h.inject('GET', apiUrl(cartEndpoints.eigener, { params: { cartId: 'abc' } }), p.bearer)).statusCode,
    ).toBe(400);
  });
});

describe('confirm, pay, reset, timeout', () => {
  it('confirm without card amount books at once and sends one mail with a calendar file', async () => {
    const p = await patient();
    await h.grant(p.id, { bezahltGruppenTermin: 2 });
    const a = await h.termin({ befund: 'Ohne Karte A' });
    const b = await h.termin({ befund: 'Ohne Karte B' });
    const cart = await h.createOk(p.bearer, [a.id, b.id]);
    expect(cart.redirectUrl).toBeNull();
    expect(cart.amountCents).toBe(0);
    const confirmed = await h.inject(
      'POST',
      apiUrl(cartEndpoints.bestaetigen, { params: { cartId: cart.cartId } }),
      p.bearer,
    );
    expect(confirmed.statusCode).toBe(200);
    const body = confirmed.json<Cart>();
    expect(body.status).toBe('BEZAHLT');
    expect(body.items.every((i) => i.status === 'PAID')).toBe(true);
    const mail = await s.capture.waitFor((m) => m.to === p.email);
    expect(mail.subject).toBe('DiHS Teletherapie: Ihre Terminbuchung');
    expect(mail.text).toContain('Ohne Karte A');
    expect(mail.attachments.map((a) => a.filename)).toEqual(['termine.ics']);
    const ics = mail.attachments[0]!.content;
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics).toContain('METHOD:PUBLISH');
    const again = await h.inject(
      'POST',
      apiUrl(cartEndpoints.bestaetigen, { params: { cartId: cart.cartId } }),
      p.bearer,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CART_MESSAGES.abgeschlossen);
  });

  it('card payment through the sandbox books the cart and sends one mail with a .ics', async () => {
    const p = await patient();
    const termin = await h.termin({ befund: 'Kartenzahlung' });
    const cart = await h.createOk(p.bearer, [termin.id]);
    expect(cart.amountCents).toBe(1500);
    const confirmed = (
      await h.inject('POST', apiUrl(cartEndpoints.bestaetigen, { params: { cartId: cart.cartId } }), p.bearer)
    ).json<Cart>();
    expect(confirmed.redirectUrl).toBe(cart.redirectUrl);
    const token = tokenOf(confirmed.redirectUrl!);
    expect((await h.inject('GET', confirmed.redirectUrl!)).statusCode).toBe(303);
    const page = await h.inject('GET', apiUrl(zahlungEndpoints.sandboxSeite, { params: { token } }));
    expect(page.body).toContain('15,00 €');
    const pressed = await pressSandboxButton(s.t, token, 'bezahlen');
    expect(pressed.headers.location).toBe(`/patient/termine?cart=${cart.cartId}`);
    await s.t.app.zahlungSandbox!.idle();
    const read = (
      await h.inject('GET', apiUrl(cartEndpoints.eigener, { params: { cartId: cart.cartId } }), p.bearer)
    ).json<Cart>();
    expect(read.status).toBe('BEZAHLT');
    expect(read.redirectUrl).toBeNull();
    expect(read.items.map((i) => i.status)).toEqual(['PAID']);
    // the confirmation on the plan says with whom (issue 32 item 3)
    expect(read.items[0]!.therapeut).toBe('Thomas Therapeut');
    const mail = await s.capture.waitFor((m) => m.to === p.email);
    expect(mail.attachments[0]!.filename).toBe('termine.ics');
    expect(mail.attachments[0]!.content).toContain('SUMMARY:Kartenzahlung');
    await new Promise((r) => setTimeout(r, 300));
    expect(s.capture.mails.filter((m) => m.to === p.email)).toHaveLength(1);
  });

  it('a cancelled checkout keeps the cart open and the retry opens a new payment', async () => {
    const p = await patient();
    const termin = await h.termin();
    const cart = await h.createOk(p.bearer, [termin.id]);
    await h.inject('GET', cart.redirectUrl!);
    // the cancelled checkout returns to the same plan address; the cart's state there is read from the server
    const back = await pressSandboxButton(s.t, tokenOf(cart.redirectUrl!), 'abbrechen');
    expect(back.headers.location).toBe(`/patient/termine?cart=${cart.cartId}&zahlung=abgebrochen`);
    await s.t.app.zahlungSandbox!.idle();
    // reading changes nothing: no open payment, so no address
    const read = (
      await h.inject('GET', apiUrl(cartEndpoints.eigener, { params: { cartId: cart.cartId } }), p.bearer)
    ).json<Cart>();
    expect(read.status).toBe('OFFEN');
    expect(read.items[0]!.status).toBe('OFFEN');
    expect(read.redirectUrl).toBeNull();
    // the retry (confirm again) opens a new payment attempt for the same cart
    const retry = (
      await h.inject('POST', apiUrl(cartEndpoints.bestaetigen, { params: { cartId: cart.cartId } }), p.bearer)
    ).json<Cart>();
    expect(retry.redirectUrl).not.toBeNull();
    expect(retry.redirectUrl).not.toBe(cart.redirectUrl);
    expect(
      (await h.inject('GET', apiUrl(cartEndpoints.eigener, { params: { cartId: cart.cartId } }), p.bearer)).json<Cart>()
        .redirectUrl,
    ).toBe(retry.redirectUrl);
    expect(await h.counterOf(termin.id)).toBe(1);
  });

  it('reset returns credit and seats, cancels the payment; idempotent', async () => {
    const p = await patient();
    await h.grant(p.id, { rezeptGruppenTermin: 1 });
    const credit = await h.termin();
    const card = await h.termin();
    const cart = await h.createOk(p.bearer, [credit.id, card.id]);
    expect((await h.balance(p.id)).rezeptGruppenTermin).toBe(0);
    const reset = await h.inject(
      'GET',
      apiUrl(cartEndpoints.zuruecksetzen, { params: { cartId: cart.cartId } }),
      p.bearer,
    );
    expect(reset.statusCode).toBe(200);
    expect(reset.json<Cart>().status).toBe('ABGEBROCHEN');
    expect(reset.json<Cart>().items.map((i) => i.status)).toEqual(['STORNIERT', 'STORNIERT']);
    const after = await h.balance(p.id);
    expect(after.rezeptGruppenTermin).toBe(1);
    expect(after.bezahltGruppenTermin).toBe(0);
    expect(await h.counterOf(credit.id)).toBe(0);
    expect(await h.counterOf(card.id)).toBe(0);
    const [row] = await s.t.db.select().from(warenkoerbe).where(eq(warenkoerbe.id, cart.cartId));
    const [payment] = await s.t.db.select().from(zahlungen).where(eq(zahlungen.id, row!.zahlungId!));
    expect(payment!.status).toBe('CANCELLED');
    const again = await h.inject(
      'GET',
      apiUrl(cartEndpoints.zuruecksetzen, { params: { cartId: cart.cartId } }),
      p.bearer,
    );
    expect(again.json<Cart>().status).toBe('ABGEBROCHEN');
    expect((await h.balance(p.id)).rezeptGruppenTermin).toBe(1);
    const confirm = await h.inject(
      'POST',
      apiUrl(cartEndpoints.bestaetigen, { params: { cartId: cart.cartId } }),
      p.bearer,
    );
    expect(confirm.statusCode).toBe(409);
  });

  it('a payment arriving after the reset books what is free and turns the rest into paid credit', async () => {
    const p = await patient();
    const free = await h.termin();
    const taken = await h.termin({ maxTeilnehmer: 1 });
    const cart = await h.createOk(p.bearer, [free.id, taken.id]);
    await h.inject('GET', cart.redirectUrl!);
    await h.inject('GET', apiUrl(cartEndpoints.zuruecksetzen, { params: { cartId: cart.cartId } }), p.bearer);
    await h.createOk((await patient()).bearer, [taken.id]);
    const [row] = await s.t.db.select().from(warenkoerbe).where(eq(warenkoerbe.id, cart.cartId));
    expect((await postSandboxWebhook(s.t, 'payment.paid', row!.zahlungId!)).statusCode).toBe(200);
    const read = (
      await h.inject('GET', apiUrl(cartEndpoints.eigener, { params: { cartId: cart.cartId } }), p.bearer)
    ).json<Cart>();
    expect(read.status).toBe('BEZAHLT');
    expect(read.items.find((i) => i.terminId === free.id)!.status).toBe('PAID');
    expect(read.items.find((i) => i.terminId === taken.id)!.status).toBe('STORNIERT');
    expect((await h.balance(p.id)).bezahltGruppenTermin).toBe(1);
    expect(await h.counterOf(taken.id)).toBe(1);
  });

  it('timeout: an unpaid cart releases seats and credit after CART_TIMEOUT_MINUTES (controlled clock)', async () => {
    const p = await patient();
    await h.grant(p.id, { aboGruppenTermin: 1 });
    const a = await h.termin();
    const b = await h.termin();
    const cart = await h.createOk(p.bearer, [a.id, b.id]);
    const start = s.clock;
    try {
      s.clock = new Date(start.getTime() + 29 * 60_000);
      await runCartTimeoutJob(s.t.db, s.clock);
      expect(
        (
          await h.inject('GET', apiUrl(cartEndpoints.eigener, { params: { cartId: cart.cartId } }), p.bearer)
        ).json<Cart>().status,
      ).toBe('OFFEN');
      s.clock = new Date(start.getTime() + 31 * 60_000);
      const confirm = await h.inject(
        'POST',
        apiUrl(cartEndpoints.bestaetigen, { params: { cartId: cart.cartId } }),
        p.bearer,
      );
      expect(confirm.statusCode).toBe(409);
      expect(confirm.json().message).toBe(CART_MESSAGES.abgelaufen);
      // the scheduled pass may have taken it already; either way it is released once
      await runCartTimeoutJob(s.t.db, s.clock);
      const read = (
        await h.inject('GET', apiUrl(cartEndpoints.eigener, { params: { cartId: cart.cartId } }), p.bearer)
      ).json<Cart>();
      expect(read.status).toBe('ABGELAUFEN');
      expect(read.redirectUrl).toBeNull();
      expect(await h.counterOf(a.id)).toBe(0);
      expect(await h.counterOf(b.id)).toBe(0);
      expect((await h.balance(p.id)).aboGruppenTermin).toBe(1);
      expect(await runCartTimeoutJob(s.t.db, s.clock)).toBe(0);
    } finally {
      s.clock = start;
    }
  });
});

describe('patient deletion', () => {
  it('ends open carts: payment cancelled, seats freed, no credit to the erased account', async () => {
    const p = await patient();
    await h.grant(p.id, { rezeptGruppenTermin: 1 });
    const credit = await h.termin();
    const card = await h.termin();
    const cart = await h.createOk(p.bearer, [credit.id, card.id]);
    await h.inject('GET', cart.redirectUrl!);
    const admin = await s.t.bearer('betreiber@demo.de');
    expect(
      (await h.inject('DELETE', apiUrl(loeschungEndpoints.loeschen, { params: { patientId: p.id } }), admin))
        .statusCode,
    ).toBe(200);
    for (let i = 0; i < 100; i++) {
      const [job] = await s.t.db.select().from(deletionJobs).where(eq(deletionJobs.patientUserId, p.id));
      if (job?.status === 'abgeschlossen') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const [row] = await s.t.db.select().from(warenkoerbe).where(eq(warenkoerbe.id, cart.cartId));
    expect(row!.status).toBe('ABGEBROCHEN');
    const [payment] = await s.t.db.select().from(zahlungen).where(eq(zahlungen.id, row!.zahlungId!));
    expect(payment!.status).toBe('CANCELLED');
    expect(await h.counterOf(credit.id)).toBe(0);
    expect(await h.counterOf(card.id)).toBe(0);
    expect((await h.balance(p.id)).rezeptGruppenTermin).toBe(0);
  });
});

describe('authorization', () => {
  it('another patient, therapists, operators without privilege, visitors, unconfirmed e-mail', async () => {
    const owner = await patient();
    const other = await patient();
    const termin = await h.termin();
    const cart = await h.createOk(owner.bearer, [termin.id]);
    for (const [method, url] of [
      ['GET', apiUrl(cartEndpoints.eigener, { params: { cartId: cart.cartId } })],
      ['POST', apiUrl(cartEndpoints.bestaetigen, { params: { cartId: cart.cartId } })],
      ['GET', apiUrl(cartEndpoints.zuruecksetzen, { params: { cartId: cart.cartId } })],
    ] as const) {
      const response = await h.inject(method, url, other.bearer);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(CART_MESSAGES.unbekannt);
      expect((await h.inject(method, url)).statusCode).toBe(401);
    }
    expect(
      (
        await h.inject('GET', apiUrl(cartEndpoints.eigener, { params: { cartId: cart.cartId } }), owner.bearer)
      ).json<Cart>().status,
    ).toBe('OFFEN');
    const therapist = await accountWithBearer(s.t, 'THERAPEUT');
    const ohne = await accountWithBearer(s.t, 'BETREIBER', ['TERMINE_EDITIEREN']);
    expect((await h.create(therapist.bearer, [termin.id])).statusCode).toBe(403);
    expect((await h.create(ohne.bearer, [termin.id])).statusCode).toBe(403);
    for (const [method, url] of [
      ['POST', apiUrl(cartEndpoints.anlegenFuerPatient, { params: { patientId: owner.id } })],
      ['GET', apiUrl(cartEndpoints.betreiberEiner, { params: { cartId: cart.cartId } })],
      ['POST', apiUrl(cartEndpoints.betreiberBestaetigen, { params: { cartId: cart.cartId } })],
      ['GET', apiUrl(cartEndpoints.betreiberZuruecksetzen, { params: { cartId: cart.cartId } })],
    ] as const) {
      const payload = method === 'POST' ? [{ id: termin.id }] : undefined;
      expect((await h.inject(method, url, ohne.bearer, payload)).statusCode).toBe(403);
      expect((await h.inject(method, url, therapist.bearer, payload)).statusCode).toBe(403);
      expect((await h.inject(method, url, owner.bearer, payload)).statusCode).toBe(403);
    }
    const unconfirmed = await patient({ emailConfirmed: false });
    const refused = await h.create(unconfirmed.bearer, [termin.id]);
    expect(refused.statusCode).toBe(403);
    expect(await h.counterOf(termin.id)).toBe(1);
  });
});

describe('operator booking for a patient', () => {
  it('without credit: 409 with KEIN_EINZEL_GUTHABEN, nothing changed; with credit: books', async () => {
    const operator = await accountWithBearer(s.t, 'BETREIBER', ['PATIENT_TERMINE_BUCHEN']);
    const p = await patient();
    const einzel = await h.termin({ termintyp: 'EINZEL', maxTeilnehmer: 1 });
    const gruppe = await h.termin();
    const carts = await cartCount();
    const refused = await h.inject(
      'POST',
      apiUrl(cartEndpoints.anlegenFuerPatient, { params: { patientId: p.id } }),
      operator.bearer,
      [{ id: gruppe.id }, { id: einzel.id }],
    );
    expect(refused.statusCode).toBe(409);
    // the group item has no credit either; the first item in id order names its code
    expect(refused.json().code).toMatch(/^KEIN_(EINZEL|GRUPPE)_GUTHABEN$/);
    const only = await h.inject(
      'POST',
      apiUrl(cartEndpoints.anlegenFuerPatient, { params: { patientId: p.id } }),
      operator.bearer,
      [{ id: einzel.id }],
    );
    expect(only.json()).toEqual({
      message: CART_MESSAGES.guthabenFehlt('EINZEL'),
      code: 'KEIN_EINZEL_GUTHABEN',
    });
    expect(await cartCount()).toBe(carts);
    expect(await h.counterOf(einzel.id)).toBe(0);
    expect(await h.counterOf(gruppe.id)).toBe(0);

    await h.grant(p.id, { bezahltEinzelTermin: 1 });
    const created = await h.inject(
      'POST',
      apiUrl(cartEndpoints.anlegenFuerPatient, { params: { patientId: p.id } }),
      operator.bearer,
      [{ id: einzel.id }],
    );
    expect(created.statusCode).toBe(200);
    const cart = created.json<Cart>();
    expect(cart.items[0]!.paymentMethod).toBe('GUTHABEN');
    expect(cart.redirectUrl).toBeNull();
    expect(
      (
        await h.inject(
          'GET',
          apiUrl(cartEndpoints.betreiberEiner, { params: { cartId: cart.cartId } }),
          operator.bearer,
        )
      ).statusCode,
    ).toBe(200);
    const booked = await h.inject(
      'POST',
      apiUrl(cartEndpoints.betreiberBestaetigen, { params: { cartId: cart.cartId } }),
      operator.bearer,
    );
    expect(booked.json<Cart>().status).toBe('BEZAHLT');
    // the patient reads the plan and credit the operator works with
    for (const url of [
      `${apiUrl(terminEndpoints.planVonPatient, { params: { patientId: p.id } })}?ta=angemeldet`,
      apiUrl(guthabenEndpoints.vonPatient, { params: { patientId: p.id } }),
      apiUrl(profilEndpoints.nameOnlyPatient, { params: { patientId: p.id } }),
    ]) {
      expect((await h.inject('GET', url, operator.bearer)).statusCode).toBe(200);
    }
    const nonPatient = await h.inject(
      'POST',
      apiUrl(cartEndpoints.anlegenFuerPatient, { params: { patientId: operator.id } }),
      operator.bearer,
      [{ id: gruppe.id }],
    );
    expect(nonPatient.statusCode).toBe(404);
  });

  it('operator reset of a patient cart returns the credit', async () => {
    const operator = await accountWithBearer(s.t, 'BETREIBER', ['PATIENT_TERMINE_BUCHEN']);
    const p = await patient();
    await h.grant(p.id, { bezahltGruppenTermin: 1 });
    const termin = await h.termin();
    const cart = (
      await h.inject(
        'POST',
        apiUrl(cartEndpoints.anlegenFuerPatient, { params: { patientId: p.id } }),
        operator.bearer,
        [{ id: termin.id }],
      )
    ).json<Cart>();
    const reset = await h.inject(
      'GET',
      apiUrl(cartEndpoints.betreiberZuruecksetzen, { params: { cartId: cart.cartId } }),
      operator.bearer,
    );
    expect(reset.json<Cart>().status).toBe('ABGEBROCHEN');
    expect((await h.balance(p.id)).bezahltGruppenTermin).toBe(1);
  });
});

describe('operator cancels an appointment', () => {
  it('returns the credit of reserved cart seats; a reserved card seat gets nothing', async () => {
    const admin = await s.t.bearer('betreiber@demo.de');
    const credit = await patient();
    const card = await patient();
    await h.grant(credit.id, { rezeptGruppenTermin: 1 });
    const termin = await h.termin();
    await h.createOk(credit.bearer, [termin.id]);
    await h.createOk(card.bearer, [termin.id]);
    expect(
      (await h.inject('GET', apiUrl(terminEndpoints.absagen, { params: { id: termin.id } }), admin)).statusCode,
    ).toBe(200);
    expect((await h.balance(credit.id)).rezeptGruppenTermin).toBe(1);
    expect((await h.balance(card.id)).bezahltGruppenTermin).toBe(0);
    expect(await h.counterOf(termin.id)).toBe(0);
  });

  it('a card payment for an appointment cancelled meanwhile becomes paid credit', async () => {
    const admin = await s.t.bearer('betreiber@demo.de');
    const p = await patient();
    const termin = await h.termin();
    const cart = await h.createOk(p.bearer, [termin.id]);
    await h.inject('GET', cart.redirectUrl!);
    await h.inject('GET', apiUrl(terminEndpoints.absagen, { params: { id: termin.id } }), admin);
    const [row] = await s.t.db.select().from(warenkoerbe).where(eq(warenkoerbe.id, cart.cartId));
    expect((await postSandboxWebhook(s.t, 'payment.paid', row!.zahlungId!)).statusCode).toBe(200);
    const read = (
      await h.inject('GET', apiUrl(cartEndpoints.eigener, { params: { cartId: cart.cartId } }), p.bearer)
    ).json<Cart>();
    expect(read.status).toBe('BEZAHLT');
    expect(read.items[0]!.status).toBe('STORNIERT');
    expect((await h.balance(p.id)).bezahltGruppenTermin).toBe(1);
  });
});
