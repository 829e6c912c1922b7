import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Envelope encryption of health documents: every file gets a fresh AES-256-GCM data key; the data key is stored
 * wrapped (AES-256-GCM) by a master key whose version is stored beside it, so the master key can be rotated by
 * re-wrapping the data keys without touching the contents. Both layers bind associated data (the file's id and
 * owner), so a ciphertext or wrapped key copied to another row does not decrypt.
 */

export interface MasterKey {
  version: number;
  /** 32 bytes. */
  key: Buffer;
}

/** The current master key (new files, re-wrapping) and the older ones still needed to unwrap. */
export interface MasterKeyRing {
  current: MasterKey;
  byVersion(version: number): Buffer | undefined;
}

export function masterKeyRing(current: MasterKey, previous: readonly MasterKey[] = []): MasterKeyRing {
  for (const k of [current, ...previous]) {
    if (k.key.length !== 32) throw new Error(`Hauptschlüssel Version ${k.version} muss 32 Bytes lang sein.`);
  }
  const all = new Map([...previous, current].map((k) => [k.version, k.key]));
  return { current, byVersion: (version) => all.get(version) };
}

export interface Sealed {
  /** iv | tag | ciphertext of the content. */
  inhalt: Buffer;
  /** iv | tag | ciphertext of the data key. */
  schluessel: Buffer;
  schluesselVersion: number;
}

const IV = 12;
const TAG = 16;

function gcmEncrypt(key: Buffer, plain: Buffer, aad: Buffer): Buffer {
  const iv = randomBytes(IV);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function gcmDecrypt(key: Buffer, stored: Buffer, aad: Buffer): Buffer {
  if (stored.length < IV + TAG) throw new DecryptError();
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, stored.subarray(0, IV));
    decipher.setAAD(aad);
    decipher.setAuthTag(stored.subarray(IV, IV + TAG));
    return Buffer.concat([decipher.update(stored.subarray(IV + TAG)), decipher.final()]);
  } catch {
    throw new DecryptError();
  }
}

/** A ciphertext that does not open: wrong key, wrong associated data (moved to another row) or damaged. */
export class DecryptError extends Error {
  constructor() {
    super('Datei kann nicht entschlüsselt werden');
    this.name = 'DecryptError';
  }
}

/** The associated data of one file: what it belongs to, so it opens only in its own place. */
export const fileAad = (kind: string, fileId: number, ownerId: number): Buffer =>
  Buffer.from(`${kind}:${fileId}:${ownerId}`, 'utf8');

/** Encrypts a file's content under a new data key wrapped by the current master key. */
export function seal(ring: MasterKeyRing, plain: Buffer, aad: Buffer): Sealed {
  const dataKey = randomBytes(32);
  try {
    return {
      inhalt: gcmEncrypt(dataKey, plain, aad),
      schluessel: gcmEncrypt(ring.current.key, dataKey, aad),
      schluesselVersion: ring.current.version,
    };
  } finally {
    dataKey.fill(0);
  }
}

function unwrap(ring: MasterKeyRing, sealed: Omit<Sealed, 'inhalt'>, aad: Buffer): Buffer {
  const master = ring.byVersion(sealed.schluesselVersion);
  if (!master) throw new DecryptError();
  return gcmDecrypt(master, sealed.schluessel, aad);
}

/** The file's content; throws DecryptError when it does not open. */
export function open(ring: MasterKeyRing, sealed: Sealed, aad: Buffer): Buffer {
  const dataKey = unwrap(ring, sealed, aad);
  try {
    return gcmDecrypt(dataKey, sealed.inhalt, aad);
  } finally {
    dataKey.fill(0);
  }
}

/** The data key wrapped again by the current master key (rotation); the content stays as it is. */
export function rewrap(ring: MasterKeyRing, sealed: Omit<Sealed, 'inhalt'>, aad: Buffer): Omit<Sealed, 'inhalt'> {
  const dataKey = unwrap(ring, sealed, aad);
  try {
    return { schluessel: gcmEncrypt(ring.current.key, dataKey, aad), schluesselVersion: ring.current.version };
  } finally {
    dataKey.fill(0);
  }
}
