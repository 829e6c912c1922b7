import { describe, expect, it, vi } from 'vitest';
import { createSandboxDelivery } from './sandbox-delivery.ts';
import { createSandboxProvider, newSandboxEvent, signSandboxPayload } from './sandbox.provider.ts';

const SECRET = 'sandbox-test-secret';
const NOW = 1_800_000_000;
const provider = createSandboxProvider({ secret: SECRET, now: () => NOW });

describe('sandbox webhook signature', () => {
  const payload = JSON.stringify(newSandboxEvent('payment.paid', 7, 'SBX-1'));

  it('accepts its own signature and translates the event', () => {
    const event = provider.parseWebhook(Buffer.from(payload), {
      'sandbox-signature': signSandboxPayload(SECRET, payload, NOW),
    });
    expect(event).toMatchObject({
      provider: 'sandbox',
      paymentId: 7,
      newStatus: 'PAID',
      transactionId: 'SBX-1',
      type: 'payment.paid',
    });
  });

  it.each([
    ['another secret', signSandboxPayload('other', payload, NOW)],
    ['an old timestamp', signSandboxPayload(SECRET, payload, NOW - 301)],
    ['a future timestamp', signSandboxPayload(SECRET, payload, NOW + 301)],
    ['no v1', `t=${NOW}`],
    ['garbage', 'abc'],
    ['nothing', undefined],
  ])('refuses %s', (_, header) => {
    expect(() => provider.parseWebhook(Buffer.from(payload), { 'sandbox-signature': header })).toThrow(
      'Ungültige Signatur des Zahlungsanbieters.',
    );
  });

  it('refuses a changed body under a valid signature', () => {
    const header = signSandboxPayload(SECRET, payload, NOW);
    expect(() =>
      provider.parseWebhook(Buffer.from(payload.replace('"paymentId":7', '"paymentId":8')), {
        'sandbox-signature': header,
      }),
    ).toThrow();
  });

  it('records a declined card without a status change', () => {
    const failed = JSON.stringify(newSandboxEvent('payment.failed', 3));
    expect(
      provider.parseWebhook(Buffer.from(failed), { 'sandbox-signature': signSandboxPayload(SECRET, failed, NOW) }),
    ).toMatchObject({ newStatus: null });
  });
});

describe('sandbox webhook delivery', () => {
  const log = { warn: vi.fn() } as never;

  it('delivers every event, a second time when the dice say so, and retries failures', async () => {
    const received: string[] = [];
    let failFirst = true;
    const delivery = createSandboxDelivery({
      secret: SECRET,
      log,
      delayMs: () => 0,
      retryDelaysMs: [0, 0],
      random: () => 0, // always below the duplicate rate: every event twice
      post: async (payload) => {
        if (failFirst) {
          failFirst = false;
          return 503;
        }
        received.push((JSON.parse(payload) as { id: string }).id);
        return 200;
      },
    });
    const event = newSandboxEvent('payment.paid', 1);
    delivery.send(event);
    await delivery.idle();
    expect(received).toEqual([event.id, event.id]);
  });

  it('gives up on a refusal (4xx) and sends nothing after stop', async () => {
    const post = vi.fn(async () => 404);
    const delivery = createSandboxDelivery({ secret: SECRET, log, delayMs: () => 0, random: () => 1, post });
    delivery.send(newSandboxEvent('payment.paid', 1));
    await delivery.idle();
    expect(post).toHaveBeenCalledTimes(1);
    const later = vi.fn(async () => 200);
    const stopped = createSandboxDelivery({ secret: SECRET, log, delayMs: () => 60_000, random: () => 1, post: later });
    stopped.send(newSandboxEvent('payment.paid', 2));
    stopped.stop();
    await stopped.idle();
    stopped.send(newSandboxEvent('payment.paid', 3));
    await stopped.idle();
    expect(later).not.toHaveBeenCalled();
  });
});
