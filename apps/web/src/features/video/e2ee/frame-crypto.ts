/**
 * Encryption of one encoded media frame (runs in the e2ee worker). The first bytes of a frame stay readable because
 * the SFU and the receiving packetizer need them: VP8's payload header (10 bytes of a key frame with its size, 3 of
 * a delta frame) and Opus's TOC byte. They are authenticated as additional data, so a change on the way fails.
 *
 * Layout of an encrypted frame: header | AES-GCM ciphertext with tag | IV (12) | key id (1).
 */

export type FrameKind = 'key' | 'delta' | 'audio';

export const UNENCRYPTED_BYTES: Readonly<Record<FrameKind, number>> = { key: 10, delta: 3, audio: 1 };
const IV_BYTES = 12;
const TAG_BYTES = 16;
const TRAILER_BYTES = IV_BYTES + 1;

export interface FrameKey {
  id: number;
  key: CryptoKey;
}

/**
 * SSRC | RTP timestamp | counter. A sender key never sees the same IV twice: the counter counts this sender's frames
 * (starting at a random value, so a restarted transform does not repeat the IVs of the one before), and frames of
 * different streams differ in their SSRC.
 */
export function frameIv(ssrc: number, rtpTimestamp: number, counter: number): Uint8Array<ArrayBuffer> {
  const iv = new Uint8Array(IV_BYTES);
  const view = new DataView(iv.buffer);
  view.setUint32(0, ssrc >>> 0);
  view.setUint32(4, rtpTimestamp >>> 0);
  view.setUint32(8, counter >>> 0);
  return iv;
}

export async function encryptFrame(
  data: ArrayBuffer,
  kind: FrameKind,
  key: FrameKey,
  iv: Uint8Array<ArrayBuffer>,
): Promise<ArrayBuffer> {
  const headerLength = Math.min(UNENCRYPTED_BYTES[kind], data.byteLength);
  const header = new Uint8Array(data, 0, headerLength);
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: header },
    key.key,
    new Uint8Array(data, headerLength),
  );
  const out = new Uint8Array(headerLength + ciphertext.byteLength + TRAILER_BYTES);
  out.set(header, 0);
  out.set(new Uint8Array(ciphertext), headerLength);
  out.set(iv, headerLength + ciphertext.byteLength);
  out[out.length - 1] = key.id;
  return out.buffer;
}

/**
 * The plain frame, or null when it cannot be read: too short, a key id without key, or a failed authentication
 * (wrong key, changed on the way, or never encrypted). The caller drops such a frame: nothing unverified reaches the
 * decoder.
 */
export async function decryptFrame(
  data: ArrayBuffer,
  kind: FrameKind,
  keyFor: (keyId: number) => CryptoKey | undefined,
): Promise<ArrayBuffer | null> {
  const bytes = new Uint8Array(data);
  const headerLength = UNENCRYPTED_BYTES[kind];
  if (bytes.length < headerLength + TAG_BYTES + TRAILER_BYTES) return null;
  const key = keyFor(bytes[bytes.length - 1]!);
  if (!key) return null;
  const ivStart = bytes.length - TRAILER_BYTES;
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv: bytes.subarray(ivStart, ivStart + IV_BYTES),
        additionalData: bytes.subarray(0, headerLength),
      },
      key,
      bytes.subarray(headerLength, ivStart),
    );
  } catch {
    return null;
  }
  const out = new Uint8Array(headerLength + plain.byteLength);
  out.set(bytes.subarray(0, headerLength), 0);
  out.set(new Uint8Array(plain), headerLength);
  return out.buffer;
}
