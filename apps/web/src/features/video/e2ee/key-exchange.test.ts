import { afterEach, describe, expect, it, vi } from 'vitest';
import { decryptFrame, encryptFrame, frameIv } from './frame-crypto.ts';
import { fromBase64 } from './key-agreement.ts';
import { KeyExchange, type E2eeKeyMessage } from './key-exchange.ts';

/** What the frame worker would hold: the key for outgoing frames and the keys of each sender. */
class FakeFrames {
  sendKey: { id: number; key: CryptoKey } | null = null;
  readonly sendKeysUsed: number[] = [];
  readonly receive = new Map<number, Map<number, CryptoKey>>();
  readonly forgotten: number[] = [];
  useSendKey(id: number, key: CryptoKey) {
    this.sendKey = { id, key };
    this.sendKeysUsed.push(id);
  }
  addReceiveKey(senderId: number, id: number, key: CryptoKey) {
    if (!this.receive.has(senderId)) this.receive.set(senderId, new Map());
    this.receive.get(senderId)!.set(id, key);
  }
  forgetSender(senderId: number) {
    this.forgotten.push(senderId);
    this.receive.delete(senderId);
  }
}

interface Participant {
  id: number;
  frames: FakeFrames;
  exchange: KeyExchange;
  sent: E2eeKeyMessage[];
}

/**
 * The server's relay in small: key messages reach only the conference's current members (peerId 0: all others),
 * with peerId replaced by the sender. deliveries collects the handling, so settle() waits for every echo.
 */
function conference(options: { keySwitchDelayMs?: number } = {}) {
  const participants = new Map<number, Participant>();
  const present = new Set<number>();
  const deliveries: Promise<void>[] = [];
  const relay = (from: number, message: E2eeKeyMessage) => {
    if (!present.has(from)) return;
    const to = message.peerId === 0 ? [...present].filter((id) => id !== from) : [message.peerId];
    for (const id of to) {
      const receiver = participants.get(id);
      if (receiver && present.has(id)) {
        deliveries.push(receiver.exchange.handleKeyMessage({ ...message, peerId: from }));
      }
    }
  };
  return {
    async join(id: number): Promise<Participant> {
      present.add(id);
      const frames = new FakeFrames();
      const sent: E2eeKeyMessage[] = [];
      const exchange = await KeyExchange.start({
        selfId: id,
        frames,
        keySwitchDelayMs: options.keySwitchDelayMs ?? 0,
        sendKeyMessage: (message) => {
          sent.push(message);
          relay(id, message);
        },
      });
      const participant = { id, frames, exchange, sent };
      participants.set(id, participant);
      return participant;
    },
    leave(id: number) {
      present.delete(id);
    },
    async settle() {
      while (deliveries.length > 0) await Promise.all(deliveries.splice(0));
    },
  };
}

/** receiver decrypts a frame that sender encrypts with the key it uses now. */
async function reads(receiver: Participant, sender: Participant): Promise<boolean> {
  const key = sender.frames.sendKey!;
  const sealed = await encryptFrame(new Uint8Array(100).fill(42).buffer, 'delta', key, frameIv(1, 2, 3));
  const keys = receiver.frames.receive.get(sender.id);
  return (await decryptFrame(sealed, 'delta', (id) => keys?.get(id))) !== null;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('key exchange between the participants of a session', () => {
  it('announces the own public key to everyone, and every member ends up with every other member’s key', async () => {
    const c = conference();
    const a = await c.join(1);
    expect(a.sent).toEqual([{ peerId: 0, kind: 'publicKey', payload: expect.any(String) }]);
    expect(fromBase64(a.sent[0]!.payload)).toHaveLength(65);
    expect(a.frames.sendKey).not.toBeNull();

    // b and c join later: a's broadcast never reached them, its answer to their broadcast does
    const b = await c.join(2);
    const d = await c.join(3);
    for (const p of [a, b, d]) await p.exchange.membersChanged([1, 2, 3].filter((id) => id !== p.id));
    await c.settle();

    for (const receiver of [a, b, d])
      for (const sender of [a, b, d]) if (receiver !== sender) expect(await reads(receiver, sender)).toBe(true);
    // sender keys only ever travel wrapped, each to one member
    for (const p of [a, b, d]) {
      for (const message of p.sent.filter((m) => m.kind === 'senderKey')) expect(message.peerId).not.toBe(0);
    }
  });

  it('sends its sender key only to members: a peer outside the member list gets the public key, no sender key', async () => {
    const c = conference();
    const a = await c.join(1);
    const b = await c.join(2);
    const outsider = await c.join(3);
    await a.exchange.membersChanged([2]);
    await b.exchange.membersChanged([1]);
    await outsider.exchange.membersChanged([1]);
    await c.settle();

    expect(await reads(b, a)).toBe(true);
    expect(await reads(outsider, a)).toBe(false);
    expect(a.sent.filter((m) => m.kind === 'senderKey').map((m) => m.peerId)).toEqual([2]);
    // a reads the outsider's frames: the outsider chose to send its key to a
    expect(await reads(a, outsider)).toBe(true);
  });

  it('a member who is gone makes every remaining member rotate: the gone one cannot read the new frames', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const c = conference({ keySwitchDelayMs: 1000 });
    const [a, b, kicked] = [await c.join(1), await c.join(2), await c.join(3)];
    for (const p of [a, b, kicked]) await p.exchange.membersChanged([1, 2, 3].filter((id) => id !== p.id));
    await c.settle();
    expect(await reads(kicked, a)).toBe(true);
    const before = a.frames.sendKey!.id;

    c.leave(3);
    const aSwitched = a.exchange.membersChanged([2]);
    const bSwitched = b.exchange.membersChanged([1]);
    await vi.waitFor(() => expect(a.sent.filter((m) => m.kind === 'senderKey').length).toBeGreaterThan(2));
    await c.settle();
    // The new key is out but not yet in use: frames on the way keep decrypting for everyone.
    expect(a.frames.sendKey!.id).toBe(before);
    expect(b.frames.receive.get(1)?.has((before + 1) & 0xff)).toBe(true);
    expect(await reads(kicked, a)).toBe(true);

    vi.advanceTimersByTime(1000);
    await Promise.all([aSwitched, bSwitched]);
    expect(a.frames.sendKey!.id).toBe((before + 1) & 0xff);
    expect(await reads(b, a)).toBe(true);
    expect(await reads(a, b)).toBe(true);
    expect(await reads(kicked, a)).toBe(false);
    expect(await reads(kicked, b)).toBe(false);
    // the rotation's new keys went to the remaining member only
    const lastKeys = a.sent.slice(-1);
    expect(lastKeys).toEqual([{ peerId: 2, kind: 'senderKey', payload: expect.any(String) }]);
  });

  it('a newcomer gets the current key without a rotation; a member with a new session (reload) is re-keyed', async () => {
    const c = conference();
    const a = await c.join(1);
    await a.exchange.membersChanged([]);
    const b = await c.join(2);
    await b.exchange.membersChanged([1]);
    await c.settle();
    await a.exchange.membersChanged([2]);
    await c.settle();
    expect(await reads(b, a)).toBe(true);
    expect(await reads(a, b)).toBe(true);
    expect(a.frames.sendKeysUsed).toHaveLength(1);

    // b reloads the page: a new key pair and a new sender key under the same user id
    const b2 = await c.join(2);
    await b2.exchange.membersChanged([1]);
    await c.settle();
    expect(a.frames.forgotten).toContain(2);
    expect(await reads(b2, a)).toBe(true);
    expect(await reads(a, b2)).toBe(true);
  });

  it('keeps a sender key that arrives before its sender’s public key, and drops unreadable messages', async () => {
    // two participants wired by hand, so that the order of delivery is the test's
    const toB: E2eeKeyMessage[] = [];
    const fromB: E2eeKeyMessage[] = [];
    const aFrames = new FakeFrames();
    const bFrames = new FakeFrames();
    const a = await KeyExchange.start({ selfId: 1, frames: aFrames, sendKeyMessage: (m) => toB.push(m) });
    const b = await KeyExchange.start({ selfId: 2, frames: bFrames, sendKeyMessage: (m) => fromB.push(m) });
    await a.membersChanged([2]);
    await a.handleKeyMessage({ ...fromB[0]!, peerId: 2 });
    const publicKey = toB.find((m) => m.kind === 'publicKey' && m.peerId === 2)!;
    const senderKey = toB.find((m) => m.kind === 'senderKey' && m.peerId === 2)!;

    await b.handleKeyMessage({ ...senderKey, peerId: 1 });
    expect(bFrames.receive.size).toBe(0);
    await b.handleKeyMessage({ ...publicKey, peerId: 1 });
    expect(bFrames.receive.get(1)?.get(aFrames.sendKey!.id)).toBeDefined();

    const size = bFrames.receive.get(1)!.size;
    for (const broken of [
      { peerId: 1, kind: 'senderKey', payload: 'AAAA' },
      { peerId: 1, kind: 'senderKey', payload: 'kein base64' },
      { peerId: 3, kind: 'publicKey', payload: 'AAAA' },
    ] as const) {
      await expect(b.handleKeyMessage(broken)).resolves.toBeUndefined();
    }
    expect(bFrames.receive.get(1)!.size).toBe(size);
    // the session goes on: a's next key still arrives
    await b.handleKeyMessage({ ...senderKey, peerId: 1 });
    expect(bFrames.receive.get(1)!.size).toBe(size);
  });

  it('sends nothing after close', async () => {
    const c = conference();
    const a = await c.join(1);
    a.exchange.close();
    const count = a.sent.length;
    await a.exchange.membersChanged([2]);
    const b = await c.join(2);
    await b.exchange.membersChanged([1]);
    await c.settle();
    expect(a.sent).toHaveLength(count);
  });
});
