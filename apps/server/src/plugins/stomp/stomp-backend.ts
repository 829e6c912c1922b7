import type { Config } from '../../config.ts';
import { createMemoryBus, createMemoryStore, type ConferenceStore, type MessageBus } from './realtime-store.ts';

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Memory for one instance; Redis (REDIS_URL) when several instances serve the sessions together. */
export async function createStompBackend(
  config: Pick<Config, 'redisUrl' | 'redisKeyPrefix'>,
  log: Log,
): Promise<{ store: ConferenceStore; bus: MessageBus; close(): Promise<void> }> {
  if (config.redisUrl) {
    const { createRedisBackend } = await import('./redis-backend.ts');
    return createRedisBackend(config.redisUrl, config.redisKeyPrefix, log);
  }
  const store = createMemoryStore();
  const bus = createMemoryBus();
  return {
    store,
    bus,
    async close() {
      await store.close();
      await bus.close();
    },
  };
}
