import type { ClientCommand, ConferenceId, ServerMessage } from '@dihs/contract/video';
import { createE2eeSession, type E2eeSession } from '../e2ee/index.ts';
import type { SfuMedia } from './janus-media.ts';

export interface SfuSessionOptions {
  selfId: number;
  conferenceId: ConferenceId;
  localStream: MediaStream;
  iceServers: Promise<RTCIceServer[]>;
  send: (command: ClientCommand) => void;
  onRemoteStream: (memberId: number, stream: MediaStream | null) => void;
  /** The media path failed (Janus unreachable, refused, or no encryption possible). */
  onFailure: () => void;
}

type SfuMessage = Extract<ServerMessage, { type: 'sfuJoin' | 'e2eeKey' }>;

export const isSfuMessage = (message: ServerMessage): message is SfuMessage =>
  message.type === 'sfuJoin' || message.type === 'e2eeKey';

/**
 * A session through the SFU, as use-conference.ts sees it: the end-to-end key agreement over our signaling and the
 * media through Janus (janus-media.ts), kept in step with the members this viewer may see.
 */
export class SfuSession {
  private readonly e2ee: Promise<E2eeSession>;
  private media: SfuMedia | null = null;
  private members: number[] = [];
  private closed = false;

  constructor(private readonly options: SfuSessionOptions) {
    const { selfId, conferenceId, send } = options;
    this.e2ee = createE2eeSession({
      selfId,
      sendKeyMessage: (message) => send({ command: 'e2eeKey', conferenceId, ...message }),
    });
    this.e2ee.catch(() => this.fail());
  }

  async handle(message: SfuMessage): Promise<void> {
    const e2ee = await this.e2ee;
    if (this.closed) return;
    if (message.type === 'e2eeKey') {
      await e2ee.handleKeyMessage({ peerId: message.peerId, kind: message.kind, payload: message.payload });
      return;
    }
    // a new sfuJoin (after a reconnect) starts the media over with the new token
    this.media?.close();
    const { localStream, send, conferenceId, onRemoteStream } = this.options;
    // janus.js (with its WebRTC adapter) loads only for sessions through the SFU: p2p sessions never need it
    const { SfuMedia } = await import('./janus-media.ts');
    if (this.closed) return;
    const media = new SfuMedia({
      join: message,
      localStream,
      iceServers: await this.options.iceServers,
      e2ee,
      onRemoteStream,
      onPublished: () => send({ command: 'publishStream', conferenceId }),
      onFailure: () => this.fail(),
    });
    if (this.closed) return;
    this.media = media;
    media.setVisible(this.members);
    await media.start();
  }

  /** The members this viewer may see (streamStatus, joinedSession), itself included. */
  async membersChanged(memberIds: number[]): Promise<void> {
    this.members = memberIds;
    this.media?.setVisible(memberIds);
    const e2ee = await this.e2ee;
    if (!this.closed) await e2ee.membersChanged(memberIds.filter((id) => id !== this.options.selfId));
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.media?.close();
    this.e2ee.then((e2ee) => e2ee.close()).catch(() => undefined);
  }

  private fail(): void {
    if (!this.closed) this.options.onFailure();
  }
}
