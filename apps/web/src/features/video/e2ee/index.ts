import { createFrameTransformer } from './frame-transformer.ts';
import { KeyExchange, type E2eeKeyMessage } from './key-exchange.ts';
import { transformApi } from './support.ts';

/**
 * End-to-end encryption of the media frames of a session through the SFU (issue 17): the browsers agree on keys
 * among themselves (ECDH P-256 per participant, an AES-GCM sender key per participant, wrapped for each member) and
 * encrypt every encoded frame before it leaves; Janus and our server only pass ciphertext and wrapped keys on.
 * docs/decisions.md, "Ende-zu-Ende-Verschlüsselung der Medien über die SFU", describes the scheme.
 */

export type { E2eeKeyKind, E2eeKeyMessage } from './key-exchange.ts';

/** Encoded transforms and WebCrypto are available (RTCRtpScriptTransform or createEncodedStreams). */
export function e2eeSupported(): boolean {
  return transformApi() !== null;
}

/**
 * Extra RTCConfiguration fields a PeerConnection needs so that its senders and receivers can be transformed:
 * `{ encodedInsertableStreams: true }` where only createEncodedStreams exists, nothing for RTCRtpScriptTransform.
 */
export function e2eePeerConnectionConfig(): Partial<RTCConfiguration> {
  return transformApi() === 'streams' ? ({ encodedInsertableStreams: true } as Partial<RTCConfiguration>) : {};
}

export interface E2eeSession {
  /** A key message relayed by the server (peerId: its sender). Unreadable messages are dropped. */
  handleKeyMessage(message: E2eeKeyMessage): Promise<void>;
  /**
   * The members whose frames we read and who read ours (without self). Newcomers get our key; if a member is gone,
   * a new own sender key goes to the remaining ones only. Resolves when that new key is in use.
   */
  membersChanged(memberIds: number[]): Promise<void>;
  /** Call right after addTrack/addTransceiver, before negotiating: no frame of the sender leaves unencrypted. */
  encryptSender(sender: RTCRtpSender): void;
  /** Call in ontrack: only frames that decrypt with a key of senderId reach the decoder. */
  decryptReceiver(receiver: RTCRtpReceiver, senderId: number): void;
  /** Ends the worker; its keys are gone with it. */
  close(): void;
}

/** Starts the key agreement (announces the own public key to every member) and the frame worker. */
export async function createE2eeSession(options: {
  selfId: number;
  sendKeyMessage: (message: E2eeKeyMessage) => void;
}): Promise<E2eeSession> {
  const api = transformApi();
  if (!api) throw new Error('Dieser Browser kann Videositzungen nicht Ende-zu-Ende verschlüsseln.');
  const frames = createFrameTransformer(api);
  let exchange: KeyExchange;
  try {
    exchange = await KeyExchange.start({ ...options, frames });
  } catch (error) {
    frames.close();
    throw error;
  }
  return {
    handleKeyMessage: (message) => exchange.handleKeyMessage(message),
    membersChanged: (memberIds) => exchange.membersChanged(memberIds),
    encryptSender: (sender) => frames.encrypt(sender),
    decryptReceiver: (receiver, senderId) => frames.decrypt(receiver, senderId),
    close() {
      exchange.close();
      frames.close();
    },
  };
}
