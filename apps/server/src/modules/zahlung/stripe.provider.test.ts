import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { ZahlungRow } from './zahlung.table.ts';
import { createStripeProvider, type StripeCheckoutClient } from './stripe.provider.ts';

const payment: ZahlungRow = {
  id: 17,
  userId: 3,
  purpose: 'GUTHABEN',
  referenceId: 5,
  amountCents: 1250,
  description: 'Guthabenpaket Einzeltermin',
  status: 'PENDING',
  provider: null,
  checkoutToken: 'token',
  providerRef: null,
  transactionId: null,
  returnPath: '/guthaben/5',
  createdAt: new Date(),
  updatedAt: new Date(),
};

describe('Stripe provider', () => {
  it('creates a Checkout Session through the injected client, with our ids and return address', async () => {
    const calls: { params: Stripe.Checkout.SessionCreateParams; options?: Stripe.RequestOptions }[] = [];
    const client: StripeCheckoutClient = {
      checkout: {
        sessions: {
          create: async (params, options) => {
            calls.push({ params, ...(options ? { options } : {}) });
            return { id: 'cs_test_1', url: 'https://checkout.stripe.com/c/pay/cs_test_1' };
          },
        },
      },
    };
    const provider = await createStripeProvider({
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_x',
      publicUrl: 'https://dihs.example/',
      client,
    });
    const session = await provider.startCheckout(payment, '/guthaben/5', '/guthaben/5?zahlung=abgebrochen');
    expect(session).toEqual({ providerRef: 'cs_test_1', redirectUrl: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    expect(calls[0]!.params).toMatchObject({
      mode: 'payment',
      client_reference_id: '17',
      success_url: 'https://dihs.example/guthaben/5',
      cancel_url: 'https://dihs.example/guthaben/5?zahlung=abgebrochen',
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'eur', unit_amount: 1250, product_data: { name: 'Guthabenpaket Einzeltermin' } },
        },
      ],
    });
    expect(calls[0]!.options).toEqual({ idempotencyKey: 'zahlung-17-1250' });
  });

  it('fails with 502 when Stripe answers a session without a page', async () => {
    const client: StripeCheckoutClient = { checkout: { sessions: { create: async () => ({ id: 'cs', url: null }) } } };
    const provider = await createStripeProvider({
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_x',
      publicUrl: 'https://dihs.example',
      client,
    });
    await expect(
      provider.startCheckout(payment, '/guthaben/5', '/guthaben/5?zahlung=abgebrochen'),
    ).rejects.toMatchObject({ statusCode: 502 });
  });

  it("verifies webhooks with the package's own test signature", async () => {
    const provider = await createStripeProvider({
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_x',
      publicUrl: 'https://dihs.example',
    });
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'checkout.session.expired',
      data: { object: { id: 'cs_1', object: 'checkout.session', client_reference_id: '17' } },
    });
    const header = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: 'whsec_x' });
    expect(provider.parseWebhook(Buffer.from(payload), { 'stripe-signature': header })).toMatchObject({
      eventId: 'evt_1',
      paymentId: 17,
      newStatus: 'CANCELLED',
    });
    expect(() => provider.parseWebhook(Buffer.from(payload), { 'stripe-signature': 't=1,v1=abc' })).toThrow(
      'Ungültige Signatur',
    );
  });
});
