/** Messages from the page to the e2ee worker (frame-transformer.ts → frame-worker.ts). */

export type TransformOperation =
  | { operation: 'encrypt' }
  /** senderId: the member whose frames arrive here; only that member's keys decrypt them. */
  | { operation: 'decrypt'; senderId: number };

export type WorkerMessage =
  /** From now on, outgoing frames are encrypted with this key. */
  | { type: 'sendKey'; keyId: number; key: CryptoKey }
  /** A member's sender key; the worker keeps a few per member, so frames of the previous key still decrypt. */
  | { type: 'receiveKey'; senderId: number; keyId: number; key: CryptoKey }
  /** The member's keys are void (the member started a new session). */
  | { type: 'forgetSender'; senderId: number }
  /** The createEncodedStreams path: the page hands over a sender's or receiver's streams. */
  | ({ type: 'streams'; readable: ReadableStream; writable: WritableStream } & TransformOperation);
