import type { ServerMessage } from '@dihs/contract/video';
import Janus, { type JanusJS } from 'janus-gateway';
import adapter from 'webrtc-adapter';
import { e2eePeerConnectionConfig, type E2eeSession } from '../e2ee/index.ts';

export type SfuJoin = Extract<ServerMessage, { type: 'sfuJoin' }>;

export interface SfuMediaOptions {
  join: SfuJoin;
  localStream: MediaStream;
  iceServers: RTCIceServer[];
  e2ee: E2eeSession;
  /** A member's media arrived (stream) or its feed is gone (null). */
  onRemoteStream: (memberId: number, stream: MediaStream | null) => void;
  /** The own camera is published in the room (the server then tells the others). */
  onPublished: () => void;
  /** Janus cannot be reached or refused us: the session cannot show media. */
  onFailure: (reason: string) => void;
}

const VIDEOROOM = 'janus.plugin.videoroom';

let initialized: Promise<void> | null = null;
/** janus.js needs its dependencies once per page (the WebRTC adapter it reads the browser from). */
function initJanus(): Promise<void> {
  initialized ??= new Promise((resolve) =>
    Janus.init({ debug: false, dependencies: Janus.useDefaultDependencies({ adapter }), callback: resolve }),
  );
  return initialized;
}

/** The SDP goes to Janus marked end-to-end encrypted: the room requires it (require_e2ee) and forwards it as is. */
const encrypted = (jsep: JanusJS.JSEP): JanusJS.JSEP => ({ ...jsep, e2ee: true });

/** janus.js sets the PeerConnection up for createEncodedStreams only when told the encryption is external. */
const externalEncryption = () => Object.keys(e2eePeerConnectionConfig()).length > 0;

interface Feed {
  handle: JanusJS.PluginHandle | null;
  stream: MediaStream;
  /** mids whose receiver already decrypts. */
  decrypting: Set<string>;
}

/**
 * The media of one member through the session's Janus VideoRoom (janus.js): publishes the own camera and microphone
 * (audio first, so the server's mute reaches m-line 0), subscribes to each visible member's feed on a handle of its
 * own (feed id = user id), and puts every sender and receiver under the end-to-end encryption before media flows.
 */
export class SfuMedia {
  private janus: Janus | null = null;
  private publisher: JanusJS.PluginHandle | null = null;
  /** Feeds Janus announced as published. */
  private readonly published = new Set<number>();
  private visible = new Set<number>();
  private readonly feeds = new Map<number, Feed>();
  /** The publisher's senders under the end-to-end encryption. */
  private readonly encrypting = new WeakSet<RTCRtpSender>();
  private closed = false;

  constructor(private readonly options: SfuMediaOptions) {}

  async start(): Promise<void> {
    await initJanus();
    if (this.closed) return;
    const { join } = this.options;
    this.janus = new Janus({
      server: join.url,
      // the member's own token opens Janus (token_auth) and the room alike; the browser never gets an API secret
      token: join.token,
      iceServers: this.options.iceServers,
      destroyOnUnload: true,
      success: () => this.attachPublisher(),
      error: (error: unknown) => this.fail(String(error)),
    });
  }

  /** The members this viewer may see (streamStatus): subscribes to the new ones, drops the others. */
  setVisible(memberIds: readonly number[]): void {
    this.visible = new Set(memberIds.filter((id) => id !== this.options.join.feedId));
    this.reconcile();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const id of [...this.feeds.keys()]) this.dropFeed(id);
    this.publisher = null;
    // hangs up every handle and ends the Janus session; our own tracks stay (the page stops them)
    this.janus?.destroy({ cleanupHandles: true, notifyDestroyed: false });
    this.janus = null;
  }

  private fail(reason: string): void {
    if (!this.closed) this.options.onFailure(reason);
  }

  private attachPublisher(): void {
    const { join } = this.options;
    this.janus?.attach({
      plugin: VIDEOROOM,
      success: (handle) => {
        if (this.closed) return;
        this.publisher = handle;
        handle.send({
          message: {
            request: 'join',
            ptype: 'publisher',
            room: join.room,
            id: join.feedId,
            display: join.display,
            token: join.token,
          },
        });
      },
      error: (error) => this.fail(error),
      onmessage: (message, jsep) => this.onPublisherMessage(message, jsep),
      // janus.js reports each track right after adding its sender and before the offer: the one moment a sender
      // transform takes effect in Chromium (set after the offer, frames would leave untransformed)
      onlocaltrack: (track, on) => {
        const pc = this.publisher?.webrtcStuff.pc;
        if (!on || !pc) return;
        const sender = pc.getSenders().find((s) => s.track === track && !this.encrypting.has(s));
        if (!sender) return;
        this.options.e2ee.encryptSender(sender);
        this.encrypting.add(sender);
      },
    });
  }

  private onPublisherMessage(message: JanusJS.Message, jsep?: JanusJS.JSEP): void {
    if (this.closed || !this.publisher) return;
    if (message.error) {
      this.fail(String(message.error));
      return;
    }
    if (jsep) this.publisher.handleRemoteJsep({ jsep });
    if (message.videoroom === 'joined') this.publish();
    const publishers = message.publishers as { id: number }[] | undefined;
    for (const publisher of publishers ?? []) this.published.add(publisher.id);
    for (const key of ['unpublished', 'leaving', 'kicked'] as const) {
      const id: unknown = message[key];
      if (typeof id === 'number') this.published.delete(id);
    }
    if (message.configured === 'ok') this.options.onPublished();
    this.reconcile();
  }

  private publish(): void {
    const handle = this.publisher!;
    const { localStream } = this.options;
    const audio = localStream.getAudioTracks()[0];
    const video = localStream.getVideoTracks()[0];
    const tracks: JanusJS.TrackOption[] = [];
    if (audio) tracks.push({ type: 'audio', capture: audio, recv: false, dontStop: true });
    if (video) tracks.push({ type: 'video', capture: video, recv: false, dontStop: true });
    handle.createOffer({
      tracks,
      externalEncryption: externalEncryption(),
      success: (jsep) => {
        // no frame reaches Janus in the clear: a sender that escaped the transform stops the publication
        if (handle.webrtcStuff.pc.getSenders().some((s) => s.track && !this.encrypting.has(s))) {
          this.fail('Sender ohne Verschlüsselung');
          return;
        }
        handle.send({ message: { request: 'configure', audio: true, video: true }, jsep: encrypted(jsep) });
      },
      error: (error) => this.fail(error.message),
    });
  }

  /** Subscribes to every visible published feed not yet subscribed, and drops feeds no longer both. */
  private reconcile(): void {
    if (this.closed || !this.janus) return;
    for (const id of [...this.feeds.keys()]) {
      if (!this.visible.has(id) || !this.published.has(id)) this.dropFeed(id);
    }
    for (const id of this.visible) if (this.published.has(id) && !this.feeds.has(id)) this.subscribe(id);
  }

  private subscribe(feedId: number): void {
    const { join, e2ee } = this.options;
    const feed: Feed = { handle: null, stream: new MediaStream(), decrypting: new Set() };
    this.feeds.set(feedId, feed);
    const current = () => this.feeds.get(feedId) === feed;
    this.janus!.attach({
      plugin: VIDEOROOM,
      success: (handle) => {
        if (!current()) {
          handle.detach();
          return;
        }
        feed.handle = handle;
        handle.send({
          message: {
            request: 'join',
            ptype: 'subscriber',
            room: join.room,
            streams: [{ feed: feedId }],
            token: join.token,
          },
        });
      },
      error: (error) => this.fail(error),
      onmessage: (message, jsep) => {
        const handle = feed.handle;
        if (!current() || !handle || !jsep) return;
        handle.createAnswer({
          jsep,
          // only what Janus offers, received (we send nothing on a subscription)
          tracks: [{ type: 'data', capture: false }],
          externalEncryption: externalEncryption(),
          success: (answer) => handle.send({ message: { request: 'start', room: join.room }, jsep: encrypted(answer) }),
          error: (error) => this.fail(error),
        });
      },
      onremotetrack: (track, mid, on, metadata) => {
        const handle = feed.handle;
        // a track muted for a moment (no packets) stays in the picture; only an ended one goes
        if (!current() || !handle || (!on && metadata?.reason !== 'ended')) return;
        if (on && !feed.decrypting.has(mid)) {
          const transceiver = handle.webrtcStuff.pc.getTransceivers().find((t) => t.mid === mid);
          if (transceiver) e2ee.decryptReceiver(transceiver.receiver, feedId);
          feed.decrypting.add(mid);
        }
        for (const old of feed.stream.getTracks()) if (old.kind === track.kind) feed.stream.removeTrack(old);
        if (on) feed.stream.addTrack(track);
        this.options.onRemoteStream(feedId, feed.stream.getTracks().length > 0 ? feed.stream : null);
      },
    });
  }

  private dropFeed(feedId: number): void {
    const feed = this.feeds.get(feedId);
    if (!feed) return;
    this.feeds.delete(feedId);
    feed.handle?.detach();
    this.options.onRemoteStream(feedId, null);
  }
}
