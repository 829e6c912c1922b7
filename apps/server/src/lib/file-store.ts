import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live, by a key the store generates. Local disk today; an S3-compatible store can implement
 * the same interface later without touching the modules.
 */
export interface FileStore {
  /** Stores the bytes under a new, unguessable key and answers it; `encrypt` for health documents. */
  put(data: Buffer, options?: { encrypt?: boolean }): Promise<string>;
  /** The file's bytes (decrypted), or null when no file has this key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes a file; a missing file is not an error (deletions are retried). */
  delete(key: string): Promise<void>;
  deleteMany(keys: readonly string[]): Promise<void>;
}

/** Keys are generated here: a UUID, with `.enc` when the file is encrypted. Anything else is refused. */
const KEY_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.enc)?$/;
const ENCRYPTED_SUFFIX = '.enc';
const IV_BYTES = 12;
const TAG_BYTES = 16;

function checkedKey(key: string): string {
  if (!KEY_SHAPE.test(key)) throw new Error('Ungültiger Dateischlüssel');
  return key;
}

/**
 * Files under {dataDir}/files, two levels of fan-out by key prefix. Encrypted files are AES-256-GCM with a key
 * derived from the server secret (HKDF), stored as iv | tag | ciphertext.
 */
export function createLocalFileStore({ dataDir, secret }: { dataDir: string; secret: string }): FileStore {
  const root = path.join(dataDir, 'files');
  const aesKey = Buffer.from(hkdfSync('sha256', secret, 'dihs-file-store', 'aes-256-gcm file encryption v1', 32));
  const fileOf = (key: string) => path.join(root, checkedKey(key).slice(0, 2), key);

  function encrypt(data: Buffer): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
    const body = Buffer.concat([cipher.update(data), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }

  function decrypt(stored: Buffer): Buffer {
    const decipher = createDecipheriv('aes-256-gcm', aesKey, stored.subarray(0, IV_BYTES));
    decipher.setAuthTag(stored.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(stored.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  }

  const store: FileStore = {
    async put(data, options = {}) {
      const key = `${randomUUID()}${options.encrypt ? ENCRYPTED_SUFFIX : ''}`;
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside and renamed, so a reader never sees half a file.
      const partial = `${file}.${randomUUID()}.tmp`;
      await writeFile(partial, options.encrypt ? encrypt(data) : data, { mode: 0o600 });
      await rename(partial, file);
      return key;
    },
    async get(key) {
      let stored: Buffer;
      try {
        stored = await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      return key.endsWith(ENCRYPTED_SUFFIX) ? decrypt(stored) : stored;
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async deleteMany(keys) {
      for (const key of keys) await store.delete(key);
    },
  };
  return store;
}
