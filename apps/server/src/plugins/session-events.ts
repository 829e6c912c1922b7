import { z } from 'zod';
import type { Config } from '../config.ts';

/**
 * What ends sessions, told to every instance's session gate: an account whose tokens issued before validFromMs no
 * longer count, or one revoked token (logout) with its expiry, after which it needs no remembering.
 */
export const sessionEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('account'), userId: z.number().int().positive(), validFromMs: z.number().int() }),
  z.object({ kind: z.literal('token'), jti: z.string().min(1).max(64), expMs: z.number().int() }),
]);
export type SessionEvent = z.infer<typeof sessionEventSchema>;

/** The side the modules use: the users module's endSessions and revokeToken publish through it. */
export interface SessionPublisher {
  /**
   * Applies the event to this instance's gate at once (before the call returns) and sends it to the others. A
   * failure to send is logged, not thrown: the database holds the change, and the other instances' account cache
   * (SESSION_CHECK_SECONDS) and revoked-token reload (REVOKED_RELOAD_MS in app.ts) bound how long they miss it.
   */
  publish(event: SessionEvent): Promise<void>;
}

export interface SessionEvents extends SessionPublisher {
  /** The gate's handler; called for this instance's own events too (applying one twice does nothing more). */
  subscribe(handler: (event: SessionEvent) => void): void;
  close(): Promise<void>;
}

interface Log {
  error(obj: object, msg: string): void;
}

const PG_CHANNEL = 'dihs_sitzungen';
/** The longest a publish waits for its own message to come back (see publish). */
const ECHO_WAIT_MS = 250;

/**
 * Redis pub/sub when REDIS_URL is set (the instances of a deployment share it), PostgreSQL LISTEN/NOTIFY when only
 * DATABASE_URL is (every instance on that database hears it), in-process for the embedded database (one process).
 */
export async function createSessionEvents(
  config: Pick<Config, 'redisUrl' | 'redisKeyPrefix' | 'databaseUrl'>,
  log: Log,
): Promise<SessionEvents> {
  const handlers: ((event: SessionEvent) => void)[] = [];
  const deliver = (event: SessionEvent) => {
    for (const handler of handlers) handler(event);
  };
  // Publishes waiting for their own message to come back (see publish).
  const echoes = new Map<string, (() => void)[]>();
  // Anything else on the channel (another program, another version) is ignored.
  const deliverRaw = (payload: string) => {
    const waiting = echoes.get(payload);
    echoes.delete(payload);
    for (const resolve of waiting ?? []) resolve();
    try {
      const parsed = sessionEventSchema.safeParse(JSON.parse(payload));
      if (parsed.success) deliver(parsed.data);
    } catch {
      // not JSON
    }
  };
  let send: ((payload: string) => Promise<unknown>) | undefined;
  let close = async () => {};

  if (config.redisUrl) {
    const { Redis } = await import('ioredis');
    const channel = `${config.redisKeyPrefix}sitzungen`;
    const commands = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
    const subscriber = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
    const onError = (error: Error) => log.error({ error: error.message }, 'Redis-Verbindung (Sitzungen) gestört');
    commands.on('error', onError);
    subscriber.on('error', onError);
    await Promise.all([commands.connect(), subscriber.connect()]);
    await subscriber.subscribe(channel);
    subscriber.on('message', (_channel: string, payload: string) => deliverRaw(payload));
    send = (payload) => commands.publish(channel, payload);
    close = async () => {
      await subscriber.quit().catch(() => undefined);
      await commands.quit().catch(() => undefined);
    };
  } else if (config.databaseUrl) {
    const { default: pg } = await import('pg');
    // LISTEN needs its own connection; the pool hands out a different one per query.
    const client = new pg.Client({ connectionString: config.databaseUrl });
    client.on('error', (error) => log.error({ error: error.message }, 'Datenbankverbindung (Sitzungen) gestört'));
    await client.connect();
    await client.query(`LISTEN ${PG_CHANNEL}`);
    client.on('notification', (message) => {
      if (message.channel === PG_CHANNEL && message.payload) deliverRaw(message.payload);
    });
    send = (payload) => client.query('SELECT pg_notify($1, $2)', [PG_CHANNEL, payload]);
    close = () => client.end().catch(() => undefined);
  }

  return {
    async publish(event) {
      deliver(event);
      if (!send) return;
      const payload = JSON.stringify(event);
      // The caller answers only once its own instance has heard the message back: the other instances are told in
      // the same moment, so the next request to any of them (after this answer) almost surely finds it applied.
      // Redis queues the message to every subscriber with its answer to the PUBLISH and writes them all before it
      // waits again (the answer may go first); PostgreSQL signals the listeners at commit and they send a moment
      // later. Bounded, so a slow channel never holds the request long.
      let timer: NodeJS.Timeout | undefined;
      const echo = new Promise<void>((resolve) => {
        echoes.set(payload, [...(echoes.get(payload) ?? []), resolve]);
        timer = setTimeout(resolve, ECHO_WAIT_MS);
      });
      try {
        await send(payload);
        await echo;
      } catch (error) {
        log.error({ error: error instanceof Error ? error.message : String(error) }, 'Sitzungsende nicht verteilt');
      } finally {
        clearTimeout(timer);
        echoes.delete(payload);
      }
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    close,
  };
}
