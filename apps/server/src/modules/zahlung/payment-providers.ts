import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createSandboxDelivery, type SandboxDelivery } from './sandbox-delivery.ts';
import { createSandboxProvider, SANDBOX_WEBHOOK_PATH, sandboxSecret } from './sandbox.provider.ts';
import { createStripeProvider } from './stripe.provider.ts';

/** The configured payment providers; the payment module's routes serve their checkout and webhooks. */
export interface PaymentProviders {
  /** PAYMENT_PROVIDER=sandbox: the built-in checkout page, with its webhook sender. */
  sandbox: { provider: ReturnType<typeof createSandboxProvider>; delivery: SandboxDelivery } | null;
  /** Configured when its keys are set, even while the sandbox is active, so its late webhooks still arrive. */
  stripe: PaymentProvider | null;
  /** The provider new checkouts go to; null when the configured one lacks its keys. */
  active: PaymentProvider | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    paymentProviders: PaymentProviders;
    /** The sandbox's webhook sender (PAYMENT_PROVIDER=sandbox), so tests can wait for its deliveries. */
    zahlungSandbox?: SandboxDelivery;
  }
}

type ProviderConfig = Pick<
  Config,
  'paymentProvider' | 'jwtSecret' | 'stripeSecretKey' | 'stripeWebhookSecret' | 'publicUrl' | 'stripeApiUrl'
>;

/**
 * Builds the payment providers from the configuration, once per app: zahlung's routes register it before their own
 * (the core knows no provider; issue 30 item 3).
 */
export const paymentProvidersPlugin = fp(
  async (app: FastifyInstance, { config }: { config: ProviderConfig }) => {
    const sandboxProvider =
      config.paymentProvider === 'sandbox' ? createSandboxProvider({ secret: sandboxSecret(config.jwtSecret) }) : null;
    const stripe =
      config.stripeSecretKey && config.stripeWebhookSecret
        ? await createStripeProvider({
            secretKey: config.stripeSecretKey,
            webhookSecret: config.stripeWebhookSecret,
            publicUrl: config.publicUrl,
            apiUrl: config.stripeApiUrl,
          })
        : null;
    let sandbox: PaymentProviders['sandbox'] = null;
    if (sandboxProvider) {
      // the sandbox "provider" delivers its webhooks to this very app, through the same signed route as Stripe's
      const delivery = createSandboxDelivery({
        secret: sandboxProvider.secret,
        log: app.log,
        post: async (payload, headers) =>
          (await app.inject({ method: 'POST', url: SANDBOX_WEBHOOK_PATH, payload, headers })).statusCode,
      });
      app.decorate('zahlungSandbox', delivery);
      app.addHook('onClose', () => delivery.stop());
      sandbox = { provider: sandboxProvider, delivery };
    }
    app.decorate('paymentProviders', {
      sandbox,
      stripe,
      active: config.paymentProvider === 'sandbox' ? sandboxProvider : stripe,
    });
  },
  { name: 'payment-providers' },
);
