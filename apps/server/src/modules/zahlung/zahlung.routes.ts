import { apiUrl } from '@dihs/contract/common/endpoint';
import { zahlungEndpoints as api } from '@dihs/contract/zahlung';
import type { onRequestHookHandler } from 'fastify';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { paymentProvidersPlugin } from './payment-providers.ts';
import { sandboxAction, sandboxPayment } from './sandbox-checkout.service.ts';
import { renderSandboxCheckout } from './sandbox.page.ts';
import {
  createSamplePayment,
  mostRecentOf,
  paymentForViewer,
  processProviderEvent,
  cancelPathOf,
  returnPathOf,
  startCheckout,
} from './zahlung.service.ts';

/** A provider that is not configured has no webhook: its address answers like an unknown one, body unread. */
const notConfigured: onRequestHookHandler = (_request, _reply, done) => done(HttpError.notFound());
/** A webhook body is small; a larger one is not from a provider. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** Payments: the provider-neutral payment address, the sandbox checkout, webhooks and the redirect page's data. */
export async function zahlungRoutes(app: AppInstance, deps: AppDeps) {
  const { db, paymentListeners } = deps;
  // built from the configuration (payment-providers.ts); decorates the app, so tests reach the sandbox's sender
  await app.register(paymentProvidersPlugin, { config: deps.config });
  const { stripe, active } = app.paymentProviders;
  const sandbox = app.paymentProviders.sandbox?.provider ?? null;

  route(app, api.checkout, async (request, reply) => {
    if (!active) throw HttpError.notFound();
    const target = await startCheckout(db, active, request.params.token);
    return reply.header('cache-control', 'no-store').redirect(target, 303);
  });

  if (app.paymentProviders.sandbox) {
    const { delivery } = app.paymentProviders.sandbox;

    route(app, api.sandboxSeite, async (request, reply) => {
      const payment = await sandboxPayment(db, request.params.token);
      const html = renderSandboxCheckout(payment, {
        action: apiUrl(api.sandboxAktion, { params: request.params }),
        // leaving an open checkout by its back link is cancelling it, as at Stripe's
        returnPath: payment.status === 'PENDING' ? cancelPathOf(payment) : returnPathOf(payment),
      });
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    });

    // the page posts a plain HTML form: only this scope parses form bodies
    await app.register(async (plain) => {
      plain.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 1024 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
      route(plain, api.sandboxAktion, async (request, reply) => {
        const target = await sandboxAction(db, delivery, request.params.token, request.body.aktion);
        return reply.redirect(target, 303);
      });
    });
  }

  // webhooks are verified on the exact bytes the provider signed: only this scope keeps JSON bodies raw
  await app.register(async (plain) => {
    plain.removeContentTypeParser('application/json');
    plain.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    for (const [declaration, provider] of [
      [api.webhookSandbox, sandbox],
      [api.webhookStripe, stripe],
    ] as const) {
      route(
        plain,
        declaration,
        async (request) => {
          const body: unknown = request.body;
          if (!provider) throw HttpError.notFound();
          if (!Buffer.isBuffer(body)) throw HttpError.badRequest('Ungültige Nachricht des Zahlungsanbieters.');
          const event = provider.parseWebhook(body, request.headers);
          if (event) await processProviderEvent(db, paymentListeners, event);
          return { received: true as const };
        },
        { config: { rateLimit: false }, ...(provider ? {} : { onRequest: notConfigured }) },
      );
    }
  });

  route(app, api.neueste, (request) => mostRecentOf(db, sessionOf(request)));
  route(app, api.eine, (request) =>
    paymentForViewer(db, sessionOf(request), request.params.id, (ids) => request.patientList.shown(ids)),
  );
  route(app, api.beispiel, (request) => createSamplePayment(db, sessionOf(request), request.body));
}
