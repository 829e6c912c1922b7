import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CART_MESSAGES, STORNO_MESSAGES, type AbmeldenResponse, type Cart } from '@dihs/contract/cart';
import { TERMIN_MESSAGES } from '@dihs/contract/termin';
import { accountWithBearer, postSandboxWebhook } from '../../test/payment-support.ts';
import { mailOutbox } from '../mail/mail.table.ts';
import { users } from '../users/users.table.ts';
import { cartSuite } from './cart.test-support.ts';
import { warenkoerbe } from './cart.table.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { cartEndpoints } from '@dihs/contract/cart';

const s = cartSuite();
const h = s.h;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (ms: number) => new Date(s.clock.getTime() + ms);
const abmelden = (bearer: string, terminId: number) =>
  h.inject('GET', apiUrl(cartEndpoints.abmelden, { params: { id: terminId } }), bearer);

async function book(bearer: string, ids: number[]): Promise<Cart> {
  const cart = await h.createOk(bearer, ids);
  const confirmed = await h.inject(
    'POST',
    apiUrl(cartEndpoints.bestaetigen, { params: { cartId: cart.cartId } }),
    bearer,
  );
  expect(confirmed.json<Cart>().status).toBe('BEZAHLT');
  return confirmed.json<Cart>();
}

describe('patient cancellation', () => {
  it('the server enforces 24 h: 23:59 h before start refused, 24:01 h allowed, credit back to its kind', async () => {
    const p = await accountWithBearer(s.t, 'PATIENT');
    await h.grant(p.id, { rezeptGruppenTermin: 1, aboGruppenTermin: 1 });
    const late = await h.termin({ datum: at(24 * HOUR - MINUTE), befund: 'Zu spät' });
    const early = await h.termin({ datum: at(24 * HOUR + MINUTE), befund: 'Rechtzeitig' });
    // items are decided in id order: late takes REZEPT, early ABO
    await book(p.bearer, [late.id, early.id]);

    const refused = await abmelden(p.bearer, late.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(STORNO_MESSAGES.fehler);
    expect(await h.counterOf(late.id)).toBe(1);

    const allowed = await abmelden(p.bearer, early.id);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json<AbmeldenResponse>()).toEqual({ terminId: early.id, befund: 'Rechtzeitig', gutschrift: true });
    const balance = await h.balance(p.id);
    expect(balance.aboGruppenTermin).toBe(1);
    expect(balance.rezeptGruppenTermin).toBe(0);
    expect(await h.counterOf(early.id)).toBe(0);
    // cancelled once: a second call finds no booking
    expect((await abmelden(p.bearer, early.id)).json().message).toBe(TERMIN_MESSAGES.keineBuchung);
    // one confirmation mail, for the cancellation that happened (the refused ones send nothing)
    const mails = (await s.t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, p.email))).filter((m) =>
      m.subject.includes('storniert'),
    );
    expect(mails.map((m) => m.subject)).toEqual(['DiHS Teletherapie: Termin storniert: Rechtzeitig']);
    expect(mails[0]!.text).toContain('Sie haben den Termin „Rechtzeitig“ (Video-Gruppentermin) am ');
    expect(mails[0]!.text).toContain('Das Guthaben wurde Ihnen zurückgeschrieben (Gruppentermine (Abo)).');

    const saved = s.clock;
    try {
      s.clock = new Date(late.datum.getTime() + MINUTE);
      const past = await abmelden(p.bearer, late.id);
      expect(past.statusCode).toBe(409);
      expect(past.json().message).toBe(STORNO_MESSAGES.fehler);
    } finally {
      s.clock = saved;
    }
  });

  it('an employer appointment is cancelled without credit', async () => {
    const p = await accountWithBearer(s.t, 'PATIENT');
    await s.t.db.update(users).set({ firmaId: s.firmaId }).where(eq(users.id, p.id));
    const termin = await h.termin({ firmaId: s.firmaId, istFirmentermin: true });
    const cart = await book(p.bearer, [termin.id]);
    expect(cart.items[0]!.paymentMethod).toBe('FIRMA');
    const before = await h.balance(p.id);
    const response = await abmelden(p.bearer, termin.id);
    expect(response.json<AbmeldenResponse>().gutschrift).toBe(false);
    expect(await h.balance(p.id)).toEqual(before);
    const mails = await s.t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, p.email));
    expect(mails.find((m) => m.subject.includes('storniert'))!.text).toContain(
      'Für diesen Termin wurde kein Guthaben verbraucht.',
    );
    expect(await h.counterOf(termin.id)).toBe(0);
  });

  it('a card-paid booking returns paid credit of its type', async () => {
    const p = await accountWithBearer(s.t, 'PATIENT');
    const termin = await h.termin({ termintyp: 'TELEFON' });
    const cart = await h.createOk(p.bearer, [termin.id]);
    await h.inject('GET', cart.redirectUrl!);
    const [row] = await s.t.db.select().from(warenkoerbe).where(eq(warenkoerbe.id, cart.cartId));
    expect((await postSandboxWebhook(s.t, 'payment.paid', row!.zahlungId!)).statusCode).toBe(200);
    const response = await abmelden(p.bearer, termin.id);
    expect(response.json<AbmeldenResponse>().gutschrift).toBe(true);
    expect((await h.balance(p.id)).bezahltTelefonTermin).toBe(1);
  });

  it('no own booked seat: 404; reserved (unpaid) seats cannot be cancelled here; therapists 403', async () => {
    const owner = await accountWithBearer(s.t, 'PATIENT');
    const other = await accountWithBearer(s.t, 'PATIENT');
    await h.grant(owner.id, { bezahltGruppenTermin: 1 });
    const termin = await h.termin();
    await book(owner.bearer, [termin.id]);
    const foreign = await abmelden(other.bearer, termin.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(TERMIN_MESSAGES.keineBuchung);
    expect((await abmelden(other.bearer, 999_999)).statusCode).toBe(404);
    const reserved = await h.termin();
    await h.createOk(other.bearer, [reserved.id]);
    expect((await abmelden(other.bearer, reserved.id)).statusCode).toBe(404);
    const therapist = await accountWithBearer(s.t, 'THERAPEUT');
    expect((await abmelden(therapist.bearer, termin.id)).statusCode).toBe(403);
    expect((await abmelden(owner.bearer, 0)).statusCode).toBe(400);
    expect(await h.counterOf(termin.id)).toBe(1);
  });
});

describe('direct booking', () => {
  it('books a covered appointment at once with a mail; a card-only one is refused', async () => {
    const p = await accountWithBearer(s.t, 'PATIENT');
    await h.grant(p.id, { bezahltAnamneseTermin: 1 });
    const covered = await h.termin({ termintyp: 'ANAMNESE', befund: 'Direkt' });
    const response = await h.inject('GET', apiUrl(cartEndpoints.anmelden, { params: { id: covered.id } }), p.bearer);
    expect(response.statusCode).toBe(200);
    expect(response.json<Cart>().status).toBe('BEZAHLT');
    expect(response.json<Cart>().items[0]).toMatchObject({ status: 'PAID', paymentMethod: 'GUTHABEN' });
    const mail = await s.capture.waitFor((m) => m.to === p.email);
    expect(mail.attachments.map((a) => a.filename)).toEqual(['termine.ics']);

    const cardOnly = await h.termin({ termintyp: 'ANAMNESE' });
    const refused = await h.inject('GET', apiUrl(cartEndpoints.anmelden, { params: { id: cardOnly.id } }), p.bearer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CART_MESSAGES.nurGuthaben);
    expect(await h.counterOf(cardOnly.id)).toBe(0);
  });
});
