import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { TokenService } from '../lib/jwt.ts';
import type { SessionActivity } from './session-activity.ts';
import type { SessionGate } from './session-gate.ts';
import type { ConferenceStore, MessageBus } from './stomp/realtime-store.ts';
import { createStompBackend } from './stomp/stomp-backend.ts';
import { attachStompServer, type RealtimeStats, type StompHandler } from './stomp/stomp-server.ts';

/** The realtime transport a module serves its STOMP commands through (the video conferences). */
export interface StompTransport {
  /** Shared state per conference: in memory, or in Redis (REDIS_URL) for several instances. */
  store: ConferenceStore;
  /** Messages to a user's sockets, wherever they are connected. */
  bus: MessageBus;
  /** Sets who handles the SENDs and socket ends (one handler; until then SENDs change nothing). */
  serve(handler: StompHandler): void;
  /** This instance's sockets and conferences now (the metrics). */
  stats(): RealtimeStats;
}

declare module 'fastify' {
  interface FastifyInstance {
    stomp: StompTransport;
  }
}

/**
 * STOMP 1.2 over WebSocket at STOMP_PATH with its backend. The socket is admitted by the same session gate as the
 * HTTP routes, so a locked or deleted account loses its socket as it loses its bearer.
 */
export const stompPlugin = fp(
  async (
    app: FastifyInstance,
    {
      config,
      tokens,
      gate,
      activity,
    }: {
      config: Pick<Config, 'redisUrl' | 'redisKeyPrefix'>;
      tokens: TokenService;
      gate: SessionGate;
      activity?: SessionActivity;
    },
  ) => {
    const backend = await createStompBackend(config, app.log);
    let handler: StompHandler | null = null;
    const server = attachStompServer(app.server, {
      tokens,
      gate,
      activity,
      bus: backend.bus,
      log: app.log,
      // the video module registers after this plugin; a socket cannot send before the app listens
      handler: {
        handle: (connection, command) => (handler ? handler.handle(connection, command) : Promise.resolve()),
        closed: (connection) => (handler ? handler.closed(connection) : Promise.resolve()),
      },
    });
    app.decorate('stomp', {
      store: backend.store,
      bus: backend.bus,
      serve(next: StompHandler) {
        handler = next;
      },
      stats: () => server.stats(),
    });
    app.addHook('onClose', async () => {
      await server.close();
      await backend.close();
    });
  },
  { name: 'stomp' },
);
