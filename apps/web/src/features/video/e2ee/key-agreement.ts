/**
 * Key agreement of the end-to-end media encryption, with WebCrypto only: an ECDH P-256 key pair per participant and
 * session, a pairwise wrapping key from ECDH + HKDF, and AES-GCM sender keys that travel wrapped with it. Nothing
 * here leaves the browser in clear but public keys.
 */

const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const;
/** A fresh ECDH key pair per session makes a fixed salt safe; the pair's ids in `info` bind the key to the pair. */
const HKDF_SALT = new TextEncoder().encode('dihs-e2ee-v1');
const WRAP_IV_BYTES = 12;
/** keyId (1) | IV (12) | AES-256 key wrapped with AES-GCM (32 + 16 tag). */
const WRAPPED_BYTES = 1 + WRAP_IV_BYTES + 32 + 16;

export interface SenderKey {
  /** 0..255, carried in every frame so that receivers pick the right key during a rotation. */
  id: number;
  key: CryptoKey;
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Throws on text that is not base64 (a malformed message from a peer). */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The private key cannot be exported: it never leaves this page's WebCrypto. */
export async function generateKeyPair(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey(ECDH, false, ['deriveBits']);
}

/** The public key as sent over the signaling: base64 of the raw (uncompressed) point. */
export async function exportPublicKey(pair: CryptoKeyPair): Promise<string> {
  return toBase64(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)));
}

/**
 * The key that wraps sender keys between self and peer. Both sides derive the same key; importKey rejects a point
 * that is not on the curve.
 */
export async function deriveWrappingKey(
  own: CryptoKeyPair,
  peerPublicKey: string,
  selfId: number,
  peerId: number,
): Promise<CryptoKey> {
  const peerKey = await crypto.subtle.importKey('raw', fromBase64(peerPublicKey), ECDH, false, []);
  const shared = await crypto.subtle.deriveBits({ name: 'ECDH', public: peerKey }, own.privateKey, 256);
  const hkdf = await crypto.subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  const [low, high] = selfId < peerId ? [selfId, peerId] : [peerId, selfId];
  return crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: HKDF_SALT,
      info: new TextEncoder().encode(`dihs-e2ee-wrap ${low}:${high}`),
    },
    hkdf,
    { name: 'AES-GCM', length: 256 },
    false,
    ['wrapKey', 'unwrapKey'],
  );
}

/** A new random frame key; extractable only so that wrapKey can encrypt it for each member. */
export async function generateSenderKey(id: number): Promise<SenderKey> {
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
  return { id: id & 0xff, key };
}

/** Direction and key id are authenticated: a relay cannot reflect a wrapped key or pass it off under another id. */
const wrapContext = (fromId: number, toId: number, keyId: number) =>
  new TextEncoder().encode(`dihs-e2ee-senderKey ${fromId}>${toId}#${keyId}`);

/** The payload of a senderKey message from `fromId` to `toId`. */
export async function wrapSenderKey(
  senderKey: SenderKey,
  wrappingKey: CryptoKey,
  fromId: number,
  toId: number,
): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(WRAP_IV_BYTES));
  const wrapped = await crypto.subtle.wrapKey('raw', senderKey.key, wrappingKey, {
    name: 'AES-GCM',
    iv,
    additionalData: wrapContext(fromId, toId, senderKey.id),
  });
  const payload = new Uint8Array(1 + WRAP_IV_BYTES + wrapped.byteLength);
  payload[0] = senderKey.id;
  payload.set(iv, 1);
  payload.set(new Uint8Array(wrapped), 1 + WRAP_IV_BYTES);
  return toBase64(payload);
}

/** Rejects a payload that was not wrapped for this pair and direction (or was changed on the way). */
export async function unwrapSenderKey(
  payload: string,
  wrappingKey: CryptoKey,
  fromId: number,
  toId: number,
): Promise<SenderKey> {
  const bytes = fromBase64(payload);
  if (bytes.length !== WRAPPED_BYTES) throw new Error('senderKey: unexpected length');
  const id = bytes[0]!;
  const key = await crypto.subtle.unwrapKey(
    'raw',
    bytes.subarray(1 + WRAP_IV_BYTES),
    wrappingKey,
    { name: 'AES-GCM', iv: bytes.subarray(1, 1 + WRAP_IV_BYTES), additionalData: wrapContext(fromId, toId, id) },
    { name: 'AES-GCM', length: 256 },
    false,
    ['decrypt'],
  );
  return { id, key };
}
