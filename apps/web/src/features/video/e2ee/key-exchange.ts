import type { E2EE_KEY_KINDS } from '@dihs/contract/video';
import type { FrameTransformer } from './frame-transformer.ts';
import {
  deriveWrappingKey,
  exportPublicKey,
  generateKeyPair,
  generateSenderKey,
  unwrapSenderKey,
  wrapSenderKey,
  type SenderKey,
} from './key-agreement.ts';

export type E2eeKeyKind = (typeof E2EE_KEY_KINDS)[number];
/** peerId: the recipient when sent (0 = every member), the sender when received. payload: base64. */
export interface E2eeKeyMessage {
  peerId: number;
  kind: E2eeKeyKind;
  payload: string;
}

/**
 * Decided: a new sender key is used this long after it was sent out, so that the members have it before the first
 * frame encrypted with it arrives (the keys travel over the signaling, the frames over the media path). Frames of
 * the previous key keep decrypting meanwhile: every frame names its key.
 */
export const KEY_SWITCH_DELAY_MS = 1000;

export interface KeyExchangeOptions {
  selfId: number;
  sendKeyMessage: (message: E2eeKeyMessage) => void;
  frames: Pick<FrameTransformer, 'useSendKey' | 'addReceiveKey' | 'forgetSender'>;
  keySwitchDelayMs?: number;
}

interface Peer {
  publicKey: string;
  wrappingKey: CryptoKey;
}

/**
 * The key agreement of one participant in one session. Own public key to everyone at the start; a peer's new public
 * key is answered with ours (it may have joined after our broadcast) and, if it is a member, with our sender key
 * wrapped for it. A member who is gone makes us rotate: a new sender key for the remaining members only.
 * Messages and membership changes are handled one at a time, in order.
 */
export class KeyExchange {
  private members = new Set<number>();
  private readonly peers = new Map<number, Peer>();
  /** A sender key that arrived before its sender's public key (the latest per sender). */
  private readonly early = new Map<number, string>();
  /** In use for outgoing frames. */
  private current: SenderKey;
  /** Sent out, in use after the switch delay. */
  private next: SenderKey | null = null;
  private switchTimer: ReturnType<typeof setTimeout> | undefined;
  private switchWaiters: (() => void)[] = [];
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  static async start(options: KeyExchangeOptions): Promise<KeyExchange> {
    const pair = await generateKeyPair();
    const exchange = new KeyExchange(options, pair, await exportPublicKey(pair), await generateSenderKey(0));
    options.frames.useSendKey(exchange.current.id, exchange.current.key);
    options.sendKeyMessage({ peerId: 0, kind: 'publicKey', payload: exchange.publicKey });
    return exchange;
  }

  private constructor(
    private readonly options: KeyExchangeOptions,
    private readonly pair: CryptoKeyPair,
    private readonly publicKey: string,
    first: SenderKey,
  ) {
    this.current = first;
  }

  /** A relayed key message. One that cannot be read (malformed, not wrapped for us) is dropped. */
  handleKeyMessage(message: E2eeKeyMessage): Promise<void> {
    return this.serially(() => this.receive(message)).then(
      () => undefined,
      // A peer's broken message must not stop the session; what it was is not kept (it may hold key material).
      () => undefined,
    );
  }

  /**
   * The members whose frames we read and who read ours. Newcomers get our keys; if someone is gone, a new key goes
   * to the others only. Resolves when the new key is in use.
   */
  async membersChanged(memberIds: number[]): Promise<void> {
    // The switch is awaited outside the queue: key messages go on being handled meanwhile.
    const { switched } = await this.serially(() => this.updateMembers(memberIds));
    await switched;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.switchTimer);
    this.releaseWaiters();
  }

  private serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private send(message: E2eeKeyMessage) {
    if (!this.closed) this.options.sendKeyMessage(message);
  }

  private async receive({ peerId: from, kind, payload }: E2eeKeyMessage): Promise<void> {
    if (this.closed || from === this.options.selfId) return;
    if (kind === 'senderKey') {
      if (this.peers.has(from)) await this.acceptSenderKey(from, payload);
      else this.early.set(from, payload);
      return;
    }
    const known = this.peers.get(from);
    if (known?.publicKey === payload) return;
    const wrappingKey = await deriveWrappingKey(this.pair, payload, this.options.selfId, from);
    // A new public key is a new session of that member: its earlier sender keys are void.
    if (known) this.options.frames.forgetSender(from);
    this.peers.set(from, { publicKey: payload, wrappingKey });
    this.send({ peerId: from, kind: 'publicKey', payload: this.publicKey });
    if (this.members.has(from)) await this.sendKeysTo(from);
    const early = this.early.get(from);
    this.early.delete(from);
    if (early) await this.acceptSenderKey(from, early);
  }

  private async acceptSenderKey(from: number, payload: string): Promise<void> {
    const peer = this.peers.get(from)!;
    const key = await unwrapSenderKey(payload, peer.wrappingKey, from, this.options.selfId);
    this.options.frames.addReceiveKey(from, key.id, key.key);
  }

  private async wrapFor(peerId: number, key: SenderKey): Promise<void> {
    const peer = this.peers.get(peerId);
    if (!peer) return; // it gets the key when its public key arrives
    const payload = await wrapSenderKey(key, peer.wrappingKey, this.options.selfId, peerId);
    this.send({ peerId, kind: 'senderKey', payload });
  }

  /** The keys a member needs now: the one in use and the one coming. */
  private async sendKeysTo(peerId: number): Promise<void> {
    await this.wrapFor(peerId, this.current);
    if (this.next) await this.wrapFor(peerId, this.next);
  }

  private async updateMembers(memberIds: number[]): Promise<{ switched: Promise<void> }> {
    const next = new Set(memberIds.filter((id) => id !== this.options.selfId));
    const removed = [...this.members].some((id) => !next.has(id));
    const added = [...next].filter((id) => !this.members.has(id));
    this.members = next;
    if (removed) return this.rotate(new Set(added));
    for (const id of added) await this.sendKeysTo(id);
    return { switched: Promise.resolve() };
  }

  /** A member is gone and knows our keys: a fresh one, to the remaining members only. */
  private async rotate(added: Set<number>): Promise<{ switched: Promise<void> }> {
    // A key still waiting for its switch was sent to the one who is gone as well: it is replaced, not used.
    const fresh = await generateSenderKey((this.next ?? this.current).id + 1);
    this.next = fresh;
    for (const id of this.members) {
      if (added.has(id)) await this.sendKeysTo(id);
      else await this.wrapFor(id, fresh);
    }
    if (this.closed) return { switched: Promise.resolve() };
    const switched = new Promise<void>((resolve) => this.switchWaiters.push(resolve));
    clearTimeout(this.switchTimer);
    this.switchTimer = setTimeout(() => {
      this.current = fresh;
      this.next = null;
      this.options.frames.useSendKey(fresh.id, fresh.key);
      this.releaseWaiters();
    }, this.options.keySwitchDelayMs ?? KEY_SWITCH_DELAY_MS);
    return { switched };
  }

  private releaseWaiters() {
    const waiters = this.switchWaiters;
    this.switchWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
