import { VIDEO_TIMING, type ClientCommand, type ServerMessage } from '@dihs/contract/video';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignalingClient, type SignalingStatus, type TransportHandlers } from './signaling-client.ts';

interface FakeTransport {
  handlers: TransportHandlers;
  sent: ClientCommand[];
  closed: boolean;
}

function setup(options: { e2ee?: boolean } = {}) {
  const transports: FakeTransport[] = [];
  const messages: ServerMessage[] = [];
  const statuses: SignalingStatus[] = [];
  const client = new SignalingClient({
    conferenceId: 7,
    ...options,
    createTransport: (handlers) => {
      const transport: FakeTransport = { handlers, sent: [], closed: false };
      transports.push(transport);
      return {
        connect: () => undefined,
        close: () => {
          transport.closed = true;
        },
        send: (command) => transport.sent.push(command),
      };
    },
    parse: (body) => JSON.parse(body) as ServerMessage,
    onMessage: (message) => messages.push(message),
    onStatus: (status) => statuses.push(status),
  });
  const last = () => transports[transports.length - 1]!;
  const deliver = (message: ServerMessage) => last().handlers.onMessage(JSON.stringify(message));
  const joined: ServerMessage = {
    type: 'joinedSession',
    selfId: 3,
    state: {
      conferenceId: 7,
      termintyp: 'EINZEL',
      mode: 'p2p',
      e2eeFallback: false,
      everyoneView: false,
      locked: false,
      highlighted: null,
      therapeutPresent: false,
      members: [],
      meldungen: [],
    },
  };
  return { client, transports, messages, statuses, last, deliver, joined };
}

describe('SignalingClient (spec 3 section 4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('joins on connect and ignores commands before joinedSession', () => {
    const t = setup();
    t.client.start();
    t.last().handlers.onOpen();
    expect(t.last().sent).toEqual([{ command: 'joinConference', conferenceId: 7 }]);
    t.deliver({ type: 'publishSdpRequest', peerId: 4 });
    t.deliver({ type: 'therapeutJoined' });
    expect(t.messages).toEqual([]);
    t.deliver(t.joined);
    t.deliver({ type: 'publishSdpRequest', peerId: 4 });
    expect(t.messages.map((m) => m.type)).toEqual(['joinedSession', 'publishSdpRequest']);
    expect(t.client.currentStatus).toEqual({ kind: 'joined' });
  });

  it('tells the server with every join whether the browser can encrypt end to end', () => {
    const t = setup({ e2ee: false });
    t.client.start();
    t.last().handlers.onOpen();
    expect(t.last().sent).toEqual([{ command: 'joinConference', conferenceId: 7, e2ee: false }]);
    t.client.reconnect();
    t.last().handlers.onOpen();
    expect(t.last().sent).toEqual([{ command: 'joinConference', conferenceId: 7, e2ee: false }]);
  });

  it('passes refusals before joining', () => {
    const t = setup();
    t.client.start();
    t.deliver({ type: 'conferenceNotNow' });
    expect(t.messages).toEqual([{ type: 'conferenceNotNow' }]);
  });

  it('drops own commands until joined', () => {
    const t = setup();
    t.client.start();
    t.client.send({ command: 'meldung', conferenceId: 7 });
    expect(t.last().sent).toEqual([]);
    t.deliver(t.joined);
    t.client.send({ command: 'meldung', conferenceId: 7 });
    expect(t.last().sent).toEqual([{ command: 'meldung', conferenceId: 7 }]);
  });

  it('pings every 120 s while joined', () => {
    const t = setup();
    t.client.start();
    t.deliver(t.joined);
    vi.advanceTimersByTime(VIDEO_TIMING.pingMs * 2);
    expect(t.last().sent.filter((c) => c.command === 'ping')).toHaveLength(2);
  });

  it('reconnects once after ahoyConnectFailed, then shows a flashing button for 10 s', () => {
    const t = setup();
    t.client.start();
    t.deliver({ type: 'ahoyConnectFailed' });
    expect(t.transports).toHaveLength(2);
    expect(t.transports[0]!.closed).toBe(true);
    t.deliver({ type: 'ahoyConnectFailed' });
    expect(t.transports).toHaveLength(2);
    expect(t.client.currentStatus).toEqual({ kind: 'reconnectButton', flashing: true });
    vi.advanceTimersByTime(VIDEO_TIMING.reconnectButtonMs);
    expect(t.client.currentStatus).toEqual({ kind: 'reconnectButton', flashing: false });
    t.client.reconnect();
    expect(t.transports).toHaveLength(3);
    t.deliver({ type: 'ahoyConnectFailed' });
    // the button starts over with one automatic reconnect
    expect(t.transports).toHaveLength(4);
  });

  it('reconnects after socket errors up to 5 times, 5000 ms apart, then fails', () => {
    const t = setup();
    t.client.start();
    for (let attempt = 1; attempt <= VIDEO_TIMING.maxReconnects; attempt++) {
      t.last().handlers.onSocketError();
      expect(t.client.currentStatus).toEqual({ kind: 'reconnecting', attempt });
      vi.advanceTimersByTime(VIDEO_TIMING.reconnectDelayMs - 1);
      expect(t.transports).toHaveLength(attempt);
      vi.advanceTimersByTime(1);
      expect(t.transports).toHaveLength(attempt + 1);
    }
    t.last().handlers.onSocketError();
    expect(t.client.currentStatus).toEqual({ kind: 'failed' });
    vi.advanceTimersByTime(VIDEO_TIMING.reconnectDelayMs * 3);
    expect(t.transports).toHaveLength(VIDEO_TIMING.maxReconnects + 1);
  });

  it('a successful join resets the socket error count', () => {
    const t = setup();
    t.client.start();
    for (let i = 0; i < 4; i++) {
      t.last().handlers.onSocketError();
      vi.advanceTimersByTime(VIDEO_TIMING.reconnectDelayMs);
    }
    t.deliver(t.joined);
    t.last().handlers.onSocketError();
    expect(t.client.currentStatus).toEqual({ kind: 'reconnecting', attempt: 1 });
  });

  it('ignores a stale transport and never reconnects after leave', () => {
    const t = setup();
    t.client.start();
    const first = t.last();
    t.deliver(t.joined);
    t.client.leave();
    expect(first.sent.at(-1)).toEqual({ command: 'disconnect', conferenceId: 7 });
    first.handlers.onSocketError();
    vi.advanceTimersByTime(VIDEO_TIMING.reconnectDelayMs * 2);
    expect(t.transports).toHaveLength(1);
    expect(t.client.currentStatus).toEqual({ kind: 'closed' });
  });
});
