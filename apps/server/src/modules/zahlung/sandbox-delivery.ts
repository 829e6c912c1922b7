import type { FastifyBaseLogger } from 'fastify';
import { SANDBOX_SIGNATURE_HEADER, type SandboxEvent, signSandboxPayload } from './sandbox.provider.ts';

/** Posts one signed payload to our webhook endpoint and answers the HTTP status (0 when it did not arrive). */
export type WebhookPost = (payload: string, headers: Record<string, string>) => Promise<number>;

export interface SandboxDelivery {
  /** Delivers the event soon, asynchronously, sometimes twice (as real providers do), retrying failures. */
  send(event: SandboxEvent): void;
  /** Resolves when every delivery scheduled so far has finished (tests, shutdown). */
  idle(): Promise<void>;
  /** Ends every waiting delivery; later sends are dropped. */
  stop(): void;
}

export interface SandboxDeliveryOptions {
  post: WebhookPost;
  secret: string;
  log: FastifyBaseLogger;
  /** Share of events delivered a second time. */
  duplicateRate?: number;
  /** Delay before the first attempt. */
  delayMs?: () => number;
  /** Waits between attempts after a failure (5xx or no answer). */
  retryDelaysMs?: number[];
  random?: () => number;
}

/** The sandbox provider's webhook sender. */
export function createSandboxDelivery(options: SandboxDeliveryOptions): SandboxDelivery {
  const random = options.random ?? Math.random;
  const duplicateRate = options.duplicateRate ?? 0.25;
  const delayMs = options.delayMs ?? (() => 50 + Math.floor(random() * 250));
  const retryDelays = options.retryDelaysMs ?? [1000, 3000, 10000, 30000];
  const pending = new Set<Promise<void>>();
  const timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  let stopped = false;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          timers.delete(entry);
          resolve();
        }, ms),
        resolve,
      };
      timers.add(entry);
    });

  async function deliver(event: SandboxEvent): Promise<void> {
    const payload = JSON.stringify(event);
    const waits = [delayMs(), ...retryDelays];
    for (const [attempt, wait] of waits.entries()) {
      await sleep(wait);
      if (stopped) return;
      // signed at sending time, as a provider does: a retry carries a fresh timestamp
      const headers = {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(options.secret, payload),
      };
      const status = await options.post(payload, headers).catch(() => 0);
      if (status >= 200 && status < 300) return;
      // 4xx: the platform refuses this event for good (e.g. unknown payment); only failures are retried
      if (status >= 400 && status < 500) {
        options.log.warn({ eventId: event.id, status }, 'Sandbox-Webhook abgelehnt');
        return;
      }
      options.log.warn({ eventId: event.id, status, attempt: attempt + 1 }, 'Sandbox-Webhook fehlgeschlagen');
    }
  }

  function track(promise: Promise<void>) {
    pending.add(promise);
    void promise.finally(() => pending.delete(promise));
  }

  return {
    send(event) {
      if (stopped) return;
      track(deliver(event));
      if (random() < duplicateRate) track(deliver(event));
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    stop() {
      stopped = true;
      for (const entry of timers) {
        clearTimeout(entry.timer);
        entry.resolve();
      }
      timers.clear();
    },
  };
}
