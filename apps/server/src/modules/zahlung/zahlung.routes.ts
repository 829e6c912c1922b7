import { errorEnvelopeSchema } from '@dihs/contract/common/errors';
import {
  mostRecentPaymentResponseSchema,
  samplePaymentBodySchema,
  samplePaymentResponseSchema,
  zahlungIdParamSchema,
  zahlungSchema,
} from '@dihs/contract/zahlung';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { guard, sessionOf } from '../../plugins/auth.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createSandboxDelivery, type SandboxDelivery } from './sandbox-delivery.ts';
import { sandboxAction, sandboxPayment, SANDBOX_ACTIONS } from './sandbox-checkout.service.ts';
import { renderSandboxCheckout } from './sandbox.page.ts';
import { createSandboxProvider, SANDBOX_WEBHOOK_PATH, sandboxSecret } from './sandbox.provider.ts';
import { createStripeProvider } from './stripe.provider.ts';
import {
  createSamplePayment,
  mostRecentOf,
  paymentForViewer,
  processProviderEvent,
  returnPathOf,
  startCheckout,
} from './zahlung.service.ts';
import { errorResponses, bearerSecurity } from '../../lib/route-schema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sandbox's webhook sender (PAYMENT_PROVIDER=sandbox), so tests can wait for its deliveries. */
    zahlungSandbox?: SandboxDelivery;
  }
}

const errors = errorResponses(400, 401, 403, 404);
const security = bearerSecurity;
const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Unbekannte Zahlung.') });
const webhookResponse = z.object({ received: z.literal(true) });
/** A webhook body is small; a larger one is not from a provider. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** Payments: the provider-neutral payment address, the sandbox checkout, webhooks and the redirect page's data. */
export async function zahlungRoutes(app: AppInstance, deps: AppDeps) {
  const { db, config } = deps;
  const sandbox =
    config.paymentProvider === 'sandbox' ? createSandboxProvider({ secret: sandboxSecret(config.jwtSecret) }) : null;
  const stripe =
    config.stripeSecretKey && config.stripeWebhookSecret
      ? createStripeProvider({
          secretKey: config.stripeSecretKey,
          webhookSecret: config.stripeWebhookSecret,
          publicUrl: config.publicUrl,
          apiUrl: config.stripeApiUrl,
        })
      : null;
  const active: PaymentProvider | null = config.paymentProvider === 'sandbox' ? sandbox : stripe;

  app.get(
    '/api/zahlung/checkout/:token',
    {
      schema: {
        tags: ['Zahlung'],
        summary: 'Zahlungsadresse: leitet zur Bezahlseite des Anbieters weiter (oder zurück, wenn entschieden)',
        params: tokenParams,
        response: { 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      if (!active) throw HttpError.notFound();
      const target = await startCheckout(db, active, request.params.token);
      return reply.header('cache-control', 'no-store').redirect(target, 303);
    },
  );

  if (sandbox) {
    const delivery = createSandboxDelivery({
      secret: sandbox.secret,
      log: app.log,
      post: async (payload, headers) =>
        (await app.inject({ method: 'POST', url: SANDBOX_WEBHOOK_PATH, payload, headers })).statusCode,
    });
    app.decorate('zahlungSandbox', delivery);
    app.addHook('onClose', () => delivery.stop());

    app.get(
      '/api/zahlung/sandbox/checkout/:token',
      {
        schema: {
          tags: ['Zahlung'],
          summary: 'Bezahlseite des Testbetriebs (HTML)',
          params: tokenParams,
          produces: ['text/html'],
          response: { 404: errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        const payment = await sandboxPayment(db, request.params.token);
        const html = renderSandboxCheckout(payment, {
          action: `/api/zahlung/sandbox/checkout/${request.params.token}`,
          returnPath: returnPathOf(payment),
        });
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(html as never);
      },
    );

    // the page posts a plain HTML form: only this scope parses form bodies
    await app.register(async (plain) => {
      const scope = plain.withTypeProvider<ZodTypeProvider>();
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 1024 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
      scope.post(
        '/api/zahlung/sandbox/checkout/:token',
        {
          schema: {
            tags: ['Zahlung'],
            summary: 'Knopf der Test-Bezahlseite: sendet den Webhook und leitet zurück',
            params: tokenParams,
            body: z.object({ aktion: z.enum(SANDBOX_ACTIONS, 'Unbekannte Aktion.') }),
            response: { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
          },
        },
        async (request, reply) => {
          const target = await sandboxAction(db, delivery, request.params.token, request.body.aktion);
          return reply.redirect(target, 303);
        },
      );
    });
  }

  // webhooks are verified on the exact bytes the provider signed: only this scope keeps JSON bodies raw
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    for (const provider of [sandbox, stripe]) {
      if (!provider) continue;
      scope.post(
        `/api/zahlung/webhook/${provider.name}`,
        {
          config: { rateLimit: false },
          schema: {
            tags: ['Zahlung'],
            summary: `Webhook des Zahlungsanbieters (${provider.name}), signiert`,
            response: { 200: webhookResponse, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
          },
        },
        async (request) => {
          if (!Buffer.isBuffer(request.body)) throw HttpError.badRequest('Ungültige Nachricht des Zahlungsanbieters.');
          const event = provider.parseWebhook(request.body, request.headers);
          if (event) await processProviderEvent(db, event);
          return { received: true as const };
        },
      );
    }
  });

  app.get(
    '/api/payment/mostrecent/',
    {
      onRequest: guard(),
      schema: {
        tags: ['Zahlung'],
        summary: 'Der letzte Bezahlvorgang des angemeldeten Benutzers (oder null)',
        security,
        response: { 200: mostRecentPaymentResponseSchema, ...errors },
      },
    },
    (request) => mostRecentOf(db, sessionOf(request)),
  );

  app.get(
    '/api/payment/get/:id',
    {
      onRequest: guard(),
      schema: {
        tags: ['Zahlung'],
        summary: 'Ein Bezahlvorgang (eigener; Betreiber mit ZAHLUNGEN_VERWALTEN: jeder)',
        security,
        params: zahlungIdParamSchema,
        response: { 200: zahlungSchema, ...errors },
      },
    },
    (request) => paymentForViewer(db, sessionOf(request), request.params.id),
  );

  app.post(
    '/api/payment/sample/',
    {
      onRequest: guard({ roles: ['BETREIBER'], anyPrivilege: ['ZAHLUNGEN_VERWALTEN'] }),
      schema: {
        tags: ['Zahlung'],
        summary: 'Beispielzahlung anlegen (Betreiber mit ZAHLUNGEN_VERWALTEN); Antwort: Zahlungsadresse',
        security,
        body: samplePaymentBodySchema,
        response: { 200: samplePaymentResponseSchema, ...errors },
      },
    },
    (request) => createSamplePayment(db, sessionOf(request), request.body),
  );
}
