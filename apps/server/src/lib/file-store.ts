import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
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

const aesKeyOf = (secret: string): Buffer =>
  Buffer.from(hkdfSync('sha256', secret, 'dihs-file-store', 'aes-256-gcm file encryption v1', 32));

export interface LocalFileSecrets {
  dataDir: string;
  /** The server secret (JWT_SECRET): encrypts, and is tried first when reading. */
  secret: string;
  /** Older server secrets (JWT_SECRETS_PREVIOUS), tried in turn when the current one cannot read a file. */
  previousSecrets?: readonly string[];
}

/** The AES-256-GCM of the local files with the current key and the previous ones. */
function localFileCipher({ secret, previousSecrets = [] }: LocalFileSecrets) {
  const aesKey = aesKeyOf(secret);
  const previousKeys = previousSecrets.filter((old) => old !== secret).map(aesKeyOf);

  function encrypt(data: Buffer): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
    const body = Buffer.concat([cipher.update(data), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }

  function decryptWith(key: Buffer, stored: Buffer): Buffer {
    const decipher = createDecipheriv('aes-256-gcm', key, stored.subarray(0, IV_BYTES));
    decipher.setAuthTag(stored.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(stored.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  }

  /** The plain bytes and whether the current key read them; throws when no key can. */
  function decrypt(stored: Buffer): { plain: Buffer; current: boolean } {
    try {
      return { plain: decryptWith(aesKey, stored), current: true };
    } catch (error) {
      for (const key of previousKeys) {
        try {
          return { plain: decryptWith(key, stored), current: false };
        } catch {
          // the next one
        }
      }
      throw error;
    }
  }

  return { encrypt, decrypt };
}

/**
 * Files under {dataDir}/files, two levels of fan-out by key prefix. Encrypted files are AES-256-GCM with a key
 * derived from the server secret (HKDF), stored as iv | tag | ciphertext; they are read with the current secret or
 * one of the previous ones (JWT_SECRETS_PREVIOUS), and written with the current one.
 */
export function createLocalFileStore(secrets: LocalFileSecrets): FileStore {
  const root = path.join(secrets.dataDir, 'files');
  const fileOf = (key: string) => path.join(root, checkedKey(key).slice(0, 2), key);
  const { encrypt, decrypt: decryptAny } = localFileCipher(secrets);
  const decrypt = (stored: Buffer): Buffer => decryptAny(stored).plain;

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

export interface ReencryptResult {
  /** Files read with a previous secret and written again with the current one. */
  reencrypted: number;
  /** Files the current secret reads already. */
  current: number;
  /** Keys of files no configured secret reads. */
  unreadable: string[];
}

/**
 * Writes every encrypted file under {dataDir}/files that a previous secret reads again with the current secret
 * (rotate-jwt-secret.js). Each file is written beside and renamed over the old one, so a reader sees the old or the
 * new one whole; a file deleted meanwhile is not brought back (checked right before the rename).
 */
export async function reencryptLocalFiles(secrets: LocalFileSecrets): Promise<ReencryptResult> {
  const root = path.join(secrets.dataDir, 'files');
  const { encrypt, decrypt } = localFileCipher(secrets);
  const result: ReencryptResult = { reencrypted: 0, current: 0, unreadable: [] };
  const listed = async (dir: string): Promise<string[]> => {
    try {
      return await readdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  };
  for (const prefix of (await listed(root)).sort()) {
    for (const key of (await listed(path.join(root, prefix))).sort()) {
      if (!KEY_SHAPE.test(key) || !key.endsWith(ENCRYPTED_SUFFIX)) continue;
      const file = path.join(root, prefix, key);
      let stored: Buffer;
      try {
        stored = await readFile(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // deleted meanwhile
        throw error;
      }
      let opened: { plain: Buffer; current: boolean };
      try {
        opened = decrypt(stored);
      } catch {
        result.unreadable.push(key);
        continue;
      }
      if (opened.current) {
        result.current++;
        continue;
      }
      const partial = `${file}.${randomUUID()}.tmp`;
      await writeFile(partial, encrypt(opened.plain), { mode: 0o600 });
      const stillThere = await stat(file).then(
        () => true,
        () => false,
      );
      if (stillThere) {
        await rename(partial, file);
        result.reencrypted++;
      } else {
        await rm(partial, { force: true });
      }
    }
  }
  return result;
}
