import {
  VIDEO_TIMING,
  type ClientCommand,
  type ConferenceId,
  type ServerMessage,
  type ServerMessageType,
} from '@dihs/contract/video';

/** One signaling connection (a STOMP client in the app, a fake in tests). */
export interface SignalingTransport {
  connect(): void;
  /** Closes on purpose: no onSocketError follows. */
  close(): void;
  send(command: ClientCommand): void;
}

export interface TransportHandlers {
  /** Connected and subscribed to the private topic. */
  onOpen(): void;
  onMessage(body: string): void;
  /** The socket closed or failed without close() (also a STOMP ERROR frame). */
  onSocketError(): void;
}

export type TransportFactory = (handlers: TransportHandlers) => SignalingTransport;

export type SignalingStatus =
  | { kind: 'connecting' }
  | { kind: 'joined' }
  /** A socket error: the next attempt follows after VIDEO_TIMING.reconnectDelayMs. */
  | { kind: 'reconnecting'; attempt: number }
  /** A second ahoyConnectFailed: the reconnect button (flashing for VIDEO_TIMING.reconnectButtonMs). */
  | { kind: 'reconnectButton'; flashing: boolean }
  /** More socket errors than VIDEO_TIMING.maxReconnects. */
  | { kind: 'failed' }
  | { kind: 'closed' };

export interface SignalingOptions {
  conferenceId: ConferenceId;
  /** Whether this browser can encrypt media end to end, told to the server with every join (absent: not told). */
  e2ee?: boolean;
  createTransport: TransportFactory;
  /** Parses a MESSAGE body; null for anything the contract does not know (dropped). */
  parse: (body: string) => ServerMessage | null;
  onMessage: (message: ServerMessage) => void;
  onStatus: (status: SignalingStatus) => void;
}

/**
 * Messages that may arrive before joinedSession: the join's own answers. Everything else before joinedSession is
 * ignored (spec 3 section 4), e.g. a negotiation request left over from a connection that was replaced.
 */
const BEFORE_JOIN: ReadonlySet<ServerMessageType> = new Set<ServerMessageType>([
  'joinedSession',
  'kicked',
  'conferenceNotNow',
  'conferenceIdMissing',
  'conferenceNotBooked',
  'conferenceNotYours',
  'conferenceClosed',
  'error',
  'pingOK',
]);

/**
 * The reconnect rules of spec 3 section 4 around one transport: join on every (re)connect, ignore commands before
 * joinedSession, one automatic reconnect after ahoyConnectFailed and then a flashing reconnect button, up to
 * VIDEO_TIMING.maxReconnects reconnects after socket errors, VIDEO_TIMING.reconnectDelayMs apart; ping while joined.
 */
export class SignalingClient {
  private transport: SignalingTransport | null = null;
  private joined = false;
  private stopped = false;
  private socketErrors = 0;
  private ahoyRetried = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private flashTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private status: SignalingStatus = { kind: 'closed' };

  constructor(private readonly options: SignalingOptions) {}

  get currentStatus(): SignalingStatus {
    return this.status;
  }

  get isJoined(): boolean {
    return this.joined;
  }

  start(): void {
    this.stopped = false;
    this.open({ kind: 'connecting' });
  }

  /** The reconnect button: starts over with fresh counters. */
  reconnect(): void {
    this.socketErrors = 0;
    this.ahoyRetried = false;
    this.start();
  }

  /** Sends a command of the joined session; dropped while not joined (the server would refuse it anyway). */
  send(command: ClientCommand): void {
    if (this.joined) this.transport?.send(command);
  }

  /** Leaves: tells the server, closes, and never reconnects. */
  leave(): void {
    if (this.joined) this.transport?.send({ command: 'disconnect', conferenceId: this.options.conferenceId });
    this.stop();
  }

  stop(): void {
    this.stopped = true;
    this.closeTransport();
    this.clearTimers();
    this.setStatus({ kind: 'closed' });
  }

  private open(status: SignalingStatus): void {
    this.closeTransport();
    this.clearTimers();
    this.setStatus(status);
    const transport = this.options.createTransport({
      onOpen: () => {
        if (this.transport !== transport) return;
        const { conferenceId, e2ee } = this.options;
        transport.send({ command: 'joinConference', conferenceId, ...(e2ee === undefined ? {} : { e2ee }) });
      },
      onMessage: (body) => {
        if (this.transport === transport) this.receive(body);
      },
      onSocketError: () => {
        if (this.transport === transport) this.socketError();
      },
    });
    this.transport = transport;
    transport.connect();
  }

  private receive(body: string): void {
    const message = this.options.parse(body);
    if (!message) return;
    if (message.type === 'ahoyConnectFailed') return this.ahoyFailed();
    if (message.type === 'ahoyWebSocketClosed') return this.socketError();
    if (!this.joined && !BEFORE_JOIN.has(message.type)) return;
    if (message.type === 'joinedSession') {
      this.joined = true;
      this.socketErrors = 0;
      this.setStatus({ kind: 'joined' });
      this.pingTimer = setInterval(
        () => this.transport?.send({ command: 'ping', conferenceId: this.options.conferenceId }),
        VIDEO_TIMING.pingMs,
      );
    }
    this.options.onMessage(message);
  }

  private ahoyFailed(): void {
    if (!this.ahoyRetried) {
      this.ahoyRetried = true;
      this.open({ kind: 'connecting' });
      return;
    }
    this.closeTransport();
    this.clearTimers();
    this.setStatus({ kind: 'reconnectButton', flashing: true });
    this.flashTimer = setTimeout(
      () => this.setStatus({ kind: 'reconnectButton', flashing: false }),
      VIDEO_TIMING.reconnectButtonMs,
    );
  }

  private socketError(): void {
    this.closeTransport();
    this.clearTimers();
    if (this.stopped) return;
    this.socketErrors += 1;
    if (this.socketErrors > VIDEO_TIMING.maxReconnects) {
      this.setStatus({ kind: 'failed' });
      return;
    }
    const attempt = this.socketErrors;
    this.setStatus({ kind: 'reconnecting', attempt });
    this.retryTimer = setTimeout(() => this.open({ kind: 'reconnecting', attempt }), VIDEO_TIMING.reconnectDelayMs);
  }

  private closeTransport(): void {
    const transport = this.transport;
    this.transport = null;
    this.joined = false;
    transport?.close();
  }

  private clearTimers(): void {
    clearTimeout(this.retryTimer);
    clearTimeout(this.flashTimer);
    clearInterval(this.pingTimer);
  }

  private setStatus(status: SignalingStatus): void {
    this.status = status;
    this.options.onStatus(status);
  }
}
