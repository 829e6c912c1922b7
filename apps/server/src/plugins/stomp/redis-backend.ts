import { randomUUID } from 'node:crypto';
import { serverMessageSchema } from '@dihs/contract/video';
import {
  KeyedQueue,
  LocalSubscribers,
  type ConferenceStore,
  type MessageBus,
  type StoredConference,
} from './realtime-store.ts';

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A conference nobody touched for a day is gone (a crashed instance cannot leave state behind for ever). */
const STATE_TTL_SECONDS = 24 * 60 * 60;
/** The per-conference lock: held for one read-change-write; expires if its holder dies. */
const LOCK_TTL_MS = 5000;
const LOCK_WAIT_MS = 10_000;
const LOCK_RETRY_MS = 5;

const RELEASE_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * Conference state in Redis under a per-conference lock (SET NX PX with a random token, released by a script that
 * checks the token), and messages routed by Redis pub/sub: every instance listens on the user channels and hands
 * a message to the user's sockets it holds.
 */
export async function createRedisBackend(url: string, prefix: string, log: Log) {
  // loaded here, not at the top: a single instance without REDIS_URL never needs the client (memory at start)
  const { Redis } = await import('ioredis');
  const commands = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const onError = (error: Error) => log.error({ error: error.message }, 'Redis-Verbindung gestört');
  commands.on('error', onError);
  subscriber.on('error', onError);
  await Promise.all([commands.connect(), subscriber.connect()]);

  const stateKey = (id: number) => `${prefix}video:conference:${id}`;
  const lockKey = (id: number) => `${prefix}video:lock:${id}`;
  const userChannel = (userId: number) => `${prefix}video:user:${userId}`;
  const channelPattern = `${prefix}video:user:*`;

  const local = new LocalSubscribers();
  await subscriber.psubscribe(channelPattern);
  subscriber.on('pmessage', (_pattern: string, channel: string, payload: string) => {
    const userId = Number(channel.slice(channelPattern.length - 1));
    let message;
    try {
      message = serverMessageSchema.safeParse(JSON.parse(payload));
    } catch {
      return;
    }
    // Anything else on the channel (another program, another version) is not handed to a browser.
    if (Number.isInteger(userId) && message.success) local.deliver(userId, message.data);
  });

  async function acquire(id: number): Promise<string> {
    const token = randomUUID();
    const until = Date.now() + LOCK_WAIT_MS;
    while (Date.now() < until) {
      if ((await commands.set(lockKey(id), token, 'PX', LOCK_TTL_MS, 'NX')) === 'OK') return token;
      await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
    }
    throw new Error('Sitzungssperre nicht erhalten');
  }

  // Updates of one conference on this instance wait for each other here instead of spinning on the Redis lock.
  const queue = new KeyedQueue();
  const store: ConferenceStore = {
    update<State extends StoredConference, T>(
      conferenceId: number,
      change: (current: State | null) => { next: State | null; result: T },
    ) {
      return queue.run(String(conferenceId), async () => {
        const token = await acquire(conferenceId);
        try {
          const raw = await commands.get(stateKey(conferenceId));
          const current = raw ? (JSON.parse(raw) as State) : null;
          const { next, result } = change(current);
          if (next) await commands.set(stateKey(conferenceId), JSON.stringify(next), 'EX', STATE_TTL_SECONDS);
          else if (current) await commands.del(stateKey(conferenceId));
          return result;
        } finally {
          await commands.eval(RELEASE_SCRIPT, 1, lockKey(conferenceId), token);
        }
      });
    },
    async close() {},
  };

  const bus: MessageBus = {
    async publish(userId, message) {
      await commands.publish(userChannel(userId), JSON.stringify(message));
    },
    subscribe: (userId, handler) => local.add(userId, handler),
    async close() {},
  };

  return {
    store,
    bus,
    async close() {
      await subscriber.quit().catch(() => undefined);
      await commands.quit().catch(() => undefined);
    },
  };
}
