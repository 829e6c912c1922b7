import { decryptFrame, encryptFrame, frameIv, type FrameKey, type FrameKind } from './frame-crypto.ts';
import type { TransformOperation, WorkerMessage } from './worker-protocol.ts';

/**
 * The e2ee worker: encrypts the outgoing and decrypts the incoming encoded frames of one session, off the page's
 * main thread. The page attaches senders and receivers with RTCRtpScriptTransform (an rtctransform event here) or,
 * in browsers with only Chromium's insertable streams, by handing over their streams; keys arrive as messages.
 */

type EncodedFrame = RTCEncodedVideoFrame | RTCEncodedAudioFrame;

/** The part of RTCRtpScriptTransformer used here (the worker's own types are not in the page's DOM library). */
interface ScriptTransformer {
  readonly options: TransformOperation;
  readonly readable: ReadableStream<EncodedFrame>;
  readonly writable: WritableStream<EncodedFrame>;
  sendKeyFrameRequest?(): Promise<void>;
}

interface WorkerScope {
  addEventListener(type: 'rtctransform', listener: (event: { transformer: ScriptTransformer }) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<WorkerMessage>) => void): void;
}
const scope = self as unknown as WorkerScope;

/** Keys kept per member: the current one and those before it, for frames still on the way during a rotation. */
const KEYS_KEPT = 4;

let sendKey: FrameKey | null = null;
const receiveKeys = new Map<number, Map<number, CryptoKey>>();
/** Receivers that dropped frames for want of a key: when the key comes, they ask the sender for a key frame. */
const waitingForKey = new Map<number, Set<ScriptTransformer>>();

const kindOf = (frame: EncodedFrame): FrameKind =>
  'type' in frame ? (frame.type === 'key' ? 'key' : 'delta') : 'audio';

function encryptor(): TransformStream<EncodedFrame, EncodedFrame> {
  let counter = crypto.getRandomValues(new Uint32Array(1))[0]!;
  return new TransformStream({
    async transform(frame, controller) {
      // Without a key nothing is sent: a frame never leaves in clear.
      if (!sendKey) return;
      // An empty frame carries no media (a placeholder of the packetizer); there is nothing to protect.
      if (frame.data.byteLength === 0) return controller.enqueue(frame);
      const metadata = frame.getMetadata();
      counter = (counter + 1) >>> 0;
      const iv = frameIv(metadata.synchronizationSource ?? 0, metadata.rtpTimestamp ?? frame.timestamp, counter);
      frame.data = await encryptFrame(frame.data, kindOf(frame), sendKey, iv);
      controller.enqueue(frame);
    },
  });
}

function decryptor(senderId: number, transformer?: ScriptTransformer): TransformStream<EncodedFrame, EncodedFrame> {
  return new TransformStream({
    async transform(frame, controller) {
      if (frame.data.byteLength === 0) return controller.enqueue(frame);
      const keys = receiveKeys.get(senderId);
      const plain = await decryptFrame(frame.data, kindOf(frame), (keyId) => keys?.get(keyId));
      if (plain) {
        frame.data = plain;
        controller.enqueue(frame);
      } else if (transformer && !keys) {
        let waiting = waitingForKey.get(senderId);
        if (!waiting) waitingForKey.set(senderId, (waiting = new Set<ScriptTransformer>()));
        waiting.add(transformer);
      }
    },
  });
}

function attach(
  options: TransformOperation,
  readable: ReadableStream<EncodedFrame>,
  writable: WritableStream<EncodedFrame>,
  transformer?: ScriptTransformer,
) {
  const transform = options.operation === 'encrypt' ? encryptor() : decryptor(options.senderId, transformer);
  // The streams end with an error when the connection closes; that is the normal end here.
  readable
    .pipeThrough(transform)
    .pipeTo(writable)
    .catch(() => undefined);
}

function addReceiveKey(senderId: number, keyId: number, key: CryptoKey) {
  let keys = receiveKeys.get(senderId);
  if (!keys) receiveKeys.set(senderId, (keys = new Map<number, CryptoKey>()));
  keys.delete(keyId);
  keys.set(keyId, key);
  // Map order is insertion order: the first entry is the oldest key.
  while (keys.size > KEYS_KEPT) keys.delete(keys.keys().next().value!);
  for (const transformer of waitingForKey.get(senderId) ?? [])
    void transformer.sendKeyFrameRequest?.().catch(() => undefined);
  waitingForKey.delete(senderId);
}

scope.addEventListener('rtctransform', ({ transformer }) => {
  attach(transformer.options, transformer.readable, transformer.writable, transformer);
});

scope.addEventListener('message', ({ data }) => {
  switch (data.type) {
    case 'sendKey':
      sendKey = { id: data.keyId, key: data.key };
      return;
    case 'receiveKey':
      addReceiveKey(data.senderId, data.keyId, data.key);
      return;
    case 'forgetSender':
      receiveKeys.delete(data.senderId);
      return;
    case 'streams':
      attach(data, data.readable as ReadableStream<EncodedFrame>, data.writable as WritableStream<EncodedFrame>);
      return;
  }
});
