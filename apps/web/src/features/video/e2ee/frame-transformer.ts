import type { TransformApi } from './support.ts';
import type { TransformOperation, WorkerMessage } from './worker-protocol.ts';

/** Chromium's insertable streams (not in the DOM library: not standardised). */
interface EncodedStreams {
  readable: ReadableStream;
  writable: WritableStream;
}
type WithEncodedStreams<T> = T & { createEncodedStreams(): EncodedStreams };

/** Where the session's keys go and where its senders and receivers are attached: the e2ee worker. */
export interface FrameTransformer {
  useSendKey(keyId: number, key: CryptoKey): void;
  addReceiveKey(senderId: number, keyId: number, key: CryptoKey): void;
  forgetSender(senderId: number): void;
  encrypt(sender: RTCRtpSender): void;
  decrypt(receiver: RTCRtpReceiver, senderId: number): void;
  close(): void;
}

/** One worker per session; it holds the keys, the page only hands them over (CryptoKeys clone into the worker). */
export function createFrameTransformer(api: TransformApi): FrameTransformer {
  const worker = new Worker(new URL('./frame-worker.ts', import.meta.url), { type: 'module', name: 'e2ee' });
  const post = (message: WorkerMessage, transfer: Transferable[] = []) => worker.postMessage(message, transfer);
  const attach = (target: RTCRtpSender | RTCRtpReceiver, operation: TransformOperation) => {
    if (api === 'script') {
      target.transform = new RTCRtpScriptTransform(worker, operation);
      return;
    }
    const { readable, writable } = (target as WithEncodedStreams<typeof target>).createEncodedStreams();
    post({ type: 'streams', readable, writable, ...operation }, [readable, writable]);
  };
  return {
    useSendKey: (keyId, key) => post({ type: 'sendKey', keyId, key }),
    addReceiveKey: (senderId, keyId, key) => post({ type: 'receiveKey', senderId, keyId, key }),
    forgetSender: (senderId) => post({ type: 'forgetSender', senderId }),
    encrypt: (sender) => attach(sender, { operation: 'encrypt' }),
    decrypt: (receiver, senderId) => attach(receiver, { operation: 'decrypt', senderId }),
    close: () => worker.terminate(),
  };
}
