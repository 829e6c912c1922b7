import rateLimit from '@fastify/rate-limit';
import type { AppInstance } from '../app-types.ts';
import type { Config } from '../config.ts';
import { RateWindow, redisRateCounter, type RateCounter } from '../lib/rate-window.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A counter of events per key in fixed windows, for limits that need the parsed request (the per-account
     * login limit). Shared by every instance when REDIS_URL is set. `name` separates the limits' keys.
     */
    rateCounter(name: string, max: number, windowMs: number): RateCounter;
  }
}

/**
 * Fastify's trustProxy for the configured setting. A hop count becomes the function Fastify builds from a number
 * itself (its types accept no number): the last `hops` addresses of X-Forwarded-For were written by our proxies.
 */
export function trustProxyOption(
  setting: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

/**
 * Registers @fastify/rate-limit (routes opt in with `config.rateLimit`) and the app's rate counters. With
 * REDIS_URL both count in Redis, so a limit holds for the deployment, not once per instance.
 *
 * Called on the root instance (not through app.register), so the decorator and the hooks reach every module.
 */
export async function registerRateLimits(
  app: AppInstance,
  config: Pick<Config, 'redisUrl' | 'redisKeyPrefix'>,
): Promise<void> {
  if (!config.redisUrl) {
    await app.register(rateLimit, { global: false });
    app.decorate('rateCounter', (_name: string, max: number, windowMs: number) => new RateWindow(max, windowMs));
    return;
  }
  // loaded here, not at the top: a single instance without REDIS_URL never needs the client (memory at start)
  const { Redis } = await import('ioredis');
  // One retry per command: a request waits at most about a reconnect for Redis, then the limit is skipped
  // (skipOnError), rather than holding every login while Redis is away.
  const redis = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2000 });
  const onError = (error: Error) => app.log.error({ error: error.message }, 'Redis-Verbindung gestört (Ratenlimits)');
  redis.on('error', onError);
  // A wrong REDIS_URL stops the start instead of running without shared limits.
  await redis.connect();
  app.addHook('onClose', async () => {
    await redis.quit();
  });
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: `${config.redisKeyPrefix}rate:`,
    skipOnError: true,
  });
  app.decorate('rateCounter', (name: string, max: number, windowMs: number) =>
    redisRateCounter(redis, { keyPrefix: `${config.redisKeyPrefix}rate:${name}:`, max, windowMs, onError }),
  );
}
