import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { SessionClaims } from '@dihs/contract/auth';
import { MESSAGES } from '@dihs/contract/common/messages';
import {
  PRIVATE_TOPIC,
  SEND_DESTINATION,
  STOMP_PATH,
  VIDEO_MESSAGES,
  VIDEO_TIMING,
  clientCommandSchema,
  type ClientCommand,
  type ConferenceId,
  type ServerMessage,
} from '@dihs/contract/video';
import type { TokenService } from '../../lib/jwt.ts';
import { loggableError } from '../../lib/loggable-error.ts';
import { STORE_EVERY_MS, type SessionActivity } from '../session-activity.ts';
import type { SessionGate } from '../session-gate.ts';
import { negotiateHeartbeat, parseFrames, serializeFrame, StompParseError, type StompFrame } from './stomp-codec.ts';
import { TokenBucket } from './token-bucket.ts';
import type { MessageBus } from './realtime-store.ts';

/** One signaling socket as its handler sees it. */
export interface StompConnection {
  readonly id: string;
  readonly session: SessionClaims;
  /** Conferences this socket joined (left again when it closes). */
  readonly joined: Set<ConferenceId>;
  /** Sends to this socket only (answers that concern no one else: refusals, pingOK, loopback relays). */
  send(message: ServerMessage): void;
}

/** What one instance's signaling carries right now. */
export interface RealtimeStats {
  connections: number;
  /** Conferences joined by at least one socket of this instance. */
  conferences: number;
  /** Sockets in a conference (one per member and conference). */
  participants: number;
}

/** Who serves the SENDs of a socket and learns of its end (the video module's conference service). */
export interface StompHandler {
  handle(connection: StompConnection, command: ClientCommand): Promise<void>;
  closed(connection: StompConnection): Promise<void>;
}

/** Decided limits of one signaling socket (docs: decisions-v1). */
export const STOMP_LIMITS = {
  /** Server heart-beats offered in CONNECTED (spec 3 section 9: 4000 ms). */
  heartbeatMs: VIDEO_TIMING.heartbeatMs,
  /** A socket whose heart-beats stop is dropped after this many missed intervals. */
  missedHeartbeats: 2,
  /** Time to send CONNECT after opening the socket. */
  connectTimeoutMs: 10_000,
  /** Burst and sustained rate of SENDs. */
  burst: 100,
  perSecond: 20,
  /** SENDs dropped in a row before the socket is closed as a flood. */
  floodDrops: 300,
  /** WebSocket messages received but not yet handled. */
  maxPendingMessages: 1000,
  /** A WebSocket message may hold several frames. */
  maxMessageBytes: VIDEO_TIMING.maxFrameBytes * 4,
} as const;

const MESSAGE_TEXTS = {
  keinStomp: 'Keine gültige STOMP-Nachricht.',
  nichtVerbunden: 'Zuerst CONNECT senden.',
  version: 'Nur STOMP 1.2 wird unterstützt.',
  ziel: 'Kein Zugriff auf dieses Ziel.',
  flut: 'Zu viele Nachrichten. Die Verbindung wird getrennt.',
  fehlendeId: 'SUBSCRIBE braucht eine id.',
} as const;

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface StompServerDeps {
  tokens: TokenService;
  gate: SessionGate;
  /** A video session in progress keeps its login session from ending as idle (issue 31 item 6). */
  activity?: SessionActivity;
  handler: StompHandler;
  bus: MessageBus;
  log: Logger;
}

const bearerOf = (headers: Record<string, string>) => {
  const value = headers.Authorization ?? headers.authorization;
  return value ? /^Bearer (.+)$/i.exec(value)?.[1] : undefined;
};

/**
 * The STOMP 1.2 endpoint at STOMP_PATH on the app's HTTP server (upgrade event). Each socket is handled by its
 * own StompSession; a fault closes that one socket only.
 */
export function attachStompServer(server: Server, deps: StompServerDeps) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: STOMP_LIMITS.maxMessageBytes });
  const sessions = new Set<StompSession>();
  const leaving = new Set<Promise<void>>();

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== STOMP_PATH) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      const session = new StompSession(ws, deps);
      sessions.add(session);
      ws.once('close', () => {
        sessions.delete(session);
        // Leaving the conferences writes to the database: shutdown waits for it.
        const done = session.cleanup().finally(() => leaving.delete(done));
        leaving.add(done);
      });
    });
  };
  server.on('upgrade', onUpgrade);

  return {
    connectionCount: () => sessions.size,
    /** This instance's sockets, the conferences they joined and their members (read at scrape time). */
    stats(): RealtimeStats {
      const conferences = new Set<ConferenceId>();
      let participants = 0;
      for (const session of sessions) {
        for (const id of session.joinedConferences()) {
          conferences.add(id);
          participants++;
        }
      }
      return { connections: sessions.size, conferences: conferences.size, participants };
    },
    async close(): Promise<void> {
      server.off('upgrade', onUpgrade);
      await Promise.all([...sessions].map((s) => s.shutdown()));
      await Promise.all([...leaving]);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

async function authenticate(deps: StompServerDeps, headers: Record<string, string>): Promise<SessionClaims | null> {
  const token = bearerOf(headers);
  const claims = token ? await deps.tokens.verify(token) : null;
  const session = claims ? await deps.gate.admit(claims) : null;
  // a session that must first set up its second factor may do nothing else (second-factor-setup.ts)
  return session?.zweiterFaktorEinrichten ? null : session;
}

class StompSession {
  private session: SessionClaims | null = null;
  private connection: StompConnection | null = null;

  joinedConferences(): ReadonlySet<ConferenceId> {
    return this.connection?.joined ?? new Set();
  }
  private readonly subscriptions = new Map<string, string>();
  private unsubscribeBus: (() => void) | null = null;
  private queue: Promise<void> = Promise.resolve();
  private lastReceived = Date.now();
  private timers: NodeJS.Timeout[] = [];
  private messageId = 0;
  private readonly bucket = new TokenBucket(STOMP_LIMITS.burst, STOMP_LIMITS.perSecond);
  private dropped = 0;
  private pending = 0;
  private closing = false;
  private cleanedUp: Promise<void> | null = null;

  constructor(
    private readonly ws: WebSocket,
    private readonly deps: StompServerDeps,
  ) {
    const connectTimer = setTimeout(() => {
      if (!this.session) this.fail(MESSAGE_TEXTS.nichtVerbunden);
    }, STOMP_LIMITS.connectTimeoutMs);
    this.timers.push(connectTimer);
    ws.on('message', (data: RawData) => {
      this.lastReceived = Date.now();
      if (this.closing) return;
      const buffer = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
      // Frames of one socket are handled in order, one after another; a client that sends far faster than they
      // are handled is a flood (the queue would hold its messages in memory).
      if (this.pending >= STOMP_LIMITS.maxPendingMessages) {
        this.fail(MESSAGE_TEXTS.flut);
        return;
      }
      this.pending += 1;
      this.queue = this.queue
        .then(() => this.receive(buffer))
        .catch(() => undefined)
        .finally(() => (this.pending -= 1));
    });
    ws.on('error', () => ws.terminate());
  }

  private async receive(buffer: Buffer): Promise<void> {
    if (this.closing) return;
    let frames: StompFrame[];
    try {
      frames = parseFrames(buffer, VIDEO_TIMING.maxFrameBytes);
    } catch (error) {
      this.fail(error instanceof StompParseError ? error.message : MESSAGE_TEXTS.keinStomp);
      return;
    }
    for (const frame of frames) {
      if (this.closing) return;
      try {
        await this.handleFrame(frame);
      } catch (error) {
        this.deps.log.error({ error: loggableError(error) }, 'STOMP-Rahmen konnte nicht verarbeitet werden');
        this.fail(MESSAGES.serverfehler);
        return;
      }
    }
  }

  private async handleFrame(frame: StompFrame): Promise<void> {
    if (frame.command === 'CONNECT' || frame.command === 'STOMP') {
      await this.handleConnect(frame);
      return;
    }
    const session = this.session;
    if (!session) {
      this.fail(MESSAGE_TEXTS.nichtVerbunden);
      return;
    }
    switch (frame.command) {
      case 'SUBSCRIBE': {
        const id = frame.headers.id;
        if (!id) return this.fail(MESSAGE_TEXTS.fehlendeId);
        if (frame.headers.destination !== PRIVATE_TOPIC(session.userId)) return this.fail(MESSAGE_TEXTS.ziel);
        this.subscriptions.set(id, frame.headers.destination);
        this.unsubscribeBus ??= this.deps.bus.subscribe(session.userId, (message) => this.deliver(message));
        break;
      }
      case 'UNSUBSCRIBE':
        this.subscriptions.delete(frame.headers.id ?? '');
        if (this.subscriptions.size === 0) {
          this.unsubscribeBus?.();
          this.unsubscribeBus = null;
        }
        break;
      case 'SEND':
        if (!(await this.handleSend(frame))) return;
        break;
      case 'DISCONNECT':
        this.receipt(frame);
        this.closing = true;
        this.ws.close(1000);
        return;
    }
    this.receipt(frame);
  }

  private async handleConnect(frame: StompFrame): Promise<void> {
    if (this.session) return this.fail(MESSAGE_TEXTS.keinStomp);
    const versions = frame.headers['accept-version'];
    if (versions !== undefined && !versions.split(',').includes('1.2')) return this.fail(MESSAGE_TEXTS.version);
    const session = await authenticate(this.deps, frame.headers);
    if (!session) return this.fail(MESSAGES.sitzungUngueltig);
    this.session = session;
    this.connection = {
      id: randomUUID(),
      session,
      joined: new Set<ConferenceId>(),
      send: (message) => this.deliver(message),
    };
    const beat = negotiateHeartbeat(frame.headers['heart-beat'], {
      sx: STOMP_LIMITS.heartbeatMs,
      sy: STOMP_LIMITS.heartbeatMs,
    });
    this.send({
      command: 'CONNECTED',
      headers: {
        version: '1.2',
        'heart-beat': `${STOMP_LIMITS.heartbeatMs},${STOMP_LIMITS.heartbeatMs}`,
        server: 'dihs',
      },
      body: '',
    });
    if (beat.outgoing > 0) {
      this.timers.push(setInterval(() => this.ws.readyState === this.ws.OPEN && this.ws.send('\n'), beat.outgoing));
    }
    this.keepSessionAliveWhileInConference();
    if (beat.incoming > 0) {
      const limit = beat.incoming * STOMP_LIMITS.missedHeartbeats;
      this.timers.push(
        setInterval(
          () => {
            // Silent for too long: the client is gone (network loss); end the socket without a closing handshake.
            if (Date.now() - this.lastReceived > limit) this.ws.terminate();
          },
          Math.max(250, beat.incoming / 2),
        ),
      );
    }
  }

  /**
   * A video session in progress is activity of the login session, though no HTTP request may come for an hour: every
   * minute while the socket is in a conference, its session is noted as in use here and in the database.
   */
  private keepSessionAliveWhileInConference(): void {
    const { activity, log } = this.deps;
    const sid = this.session?.sid;
    if (!activity || !sid) return;
    this.timers.push(
      setInterval(() => {
        if (this.closing || !this.connection?.joined.size) return;
        activity.note(sid);
        activity
          .persist(sid)
          .catch((error: unknown) => log.warn({ error: loggableError(error) }, 'Sitzung nicht vermerkt'));
      }, STORE_EVERY_MS),
    );
  }

  /** False when the socket was closed. */
  private async handleSend(frame: StompFrame): Promise<boolean> {
    if (frame.headers.destination !== SEND_DESTINATION) {
      this.fail(MESSAGE_TEXTS.ziel);
      return false;
    }
    if (!this.bucket.take()) {
      this.dropped += 1;
      if (this.dropped === 1) {
        this.deliver({ type: 'error', headline: VIDEO_MESSAGES.zuVieleNachrichten, description: '' });
      }
      if (this.dropped >= STOMP_LIMITS.floodDrops) {
        this.fail(MESSAGE_TEXTS.flut);
        return false;
      }
      return true;
    }
    this.dropped = 0;
    // Every SEND carries the bearer again: a token that expired or an account locked since CONNECT ends the socket.
    const session = await authenticate(this.deps, frame.headers);
    if (!session || session.userId !== this.session?.userId) {
      this.fail(MESSAGES.sitzungUngueltig);
      return false;
    }
    let body: unknown;
    try {
      body = JSON.parse(frame.body);
    } catch {
      body = undefined;
    }
    const command = clientCommandSchema.safeParse(body);
    if (!command.success) {
      this.deliver({ type: 'error', headline: VIDEO_MESSAGES.ungueltigeNachricht, description: '' });
      return true;
    }
    try {
      await this.deps.handler.handle({ ...this.connection!, session }, command.data);
    } catch (error) {
      // The state store or the database failed: the socket stays, the client learns of it and may retry.
      this.deps.log.error({ error: loggableError(error) }, 'Sitzungsbefehl fehlgeschlagen');
      this.deliver({
        type: 'error',
        headline: VIDEO_MESSAGES.uebertragung,
        description: VIDEO_MESSAGES.uebertragungText,
      });
    }
    return true;
  }

  private receipt(frame: StompFrame) {
    const receipt = frame.headers.receipt;
    if (receipt !== undefined) this.send({ command: 'RECEIPT', headers: { 'receipt-id': receipt }, body: '' });
  }

  private deliver(message: ServerMessage) {
    const session = this.session;
    if (!session || this.closing) return;
    const body = JSON.stringify(message);
    for (const [id, destination] of this.subscriptions) {
      this.messageId += 1;
      this.send({
        command: 'MESSAGE',
        headers: {
          destination,
          subscription: id,
          'message-id': String(this.messageId),
          'content-type': 'application/json',
        },
        body,
      });
    }
  }

  private send(frame: StompFrame) {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(serializeFrame(frame));
  }

  /** A protocol fault: ERROR frame with a German message, then this socket closes. */
  private fail(message: string) {
    if (this.closing) return;
    this.send({ command: 'ERROR', headers: { message, 'content-type': 'text/plain' }, body: message });
    this.closing = true;
    this.ws.close(1002);
    // A client that ignores the close handshake is cut off.
    setTimeout(() => this.ws.terminate(), 2000).unref();
  }

  /** Once: stops the timers and lets the socket's members leave their conferences. */
  cleanup(): Promise<void> {
    this.cleanedUp ??= (async () => {
      this.closing = true;
      for (const timer of this.timers) clearTimeout(timer);
      this.unsubscribeBus?.();
      this.unsubscribeBus = null;
      await this.queue.catch(() => undefined);
      if (this.connection) await this.deps.handler.closed(this.connection);
    })();
    return this.cleanedUp;
  }

  /** Server shutdown: close the socket and let its members leave their conferences. */
  async shutdown(): Promise<void> {
    this.ws.terminate();
    await this.cleanup();
  }
}
