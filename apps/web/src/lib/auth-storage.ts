/**
 * The login token kept in encrypted browser storage (spec 1, section 4).
 *
 * The token is encrypted with AES-GCM under a key that Web Crypto created as non-extractable and that
 * lives in IndexedDB. Script code can use the key but never read its bytes, so a copy of localStorage
 * (a backup, a synced profile, a leaked dump) is useless without this browser's key store.
 */

/** Where the key lives; the browser's IndexedDB in the app, a Map in tests. */
export interface KeyStore {
  get(): Promise<CryptoKey | undefined>;
  put(key: CryptoKey): Promise<void>;
}

export interface TokenStorage {
  load(): Promise<string | null>;
  save(token: string): Promise<void>;
  clear(): void;
}

interface StoredToken {
  iv: string;
  data: string;
}

export const TOKEN_STORAGE_KEY = 'dihs.auth.token';
const IV_BYTES = 12;

const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

function parseStored(raw: string | null): StoredToken | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { iv, data } = value as Record<string, unknown>;
    return typeof iv === 'string' && typeof data === 'string' ? { iv, data } : null;
  } catch {
    return null;
  }
}

export function createTokenStorage(deps: { storage: Storage; keys: KeyStore; crypto: Crypto }): TokenStorage {
  const { storage, keys, crypto } = deps;

  async function getOrCreateKey(): Promise<CryptoKey> {
    const existing = await keys.get();
    if (existing) return existing;
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    await keys.put(key);
    return key;
  }

  return {
    async load() {
      const stored = parseStored(storage.getItem(TOKEN_STORAGE_KEY));
      if (!stored) return null;
      try {
        const key = await keys.get();
        if (!key) throw new Error('key missing');
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: fromBase64(stored.iv) },
          key,
          fromBase64(stored.data),
        );
        return new TextDecoder().decode(plain);
      } catch {
        // a lost key or tampered ciphertext can never be read again: forget it rather than fail at every start
        storage.removeItem(TOKEN_STORAGE_KEY);
        return null;
      }
    },

    async save(token) {
      const key = await getOrCreateKey();
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(token));
      const stored: StoredToken = { iv: toBase64(iv), data: toBase64(new Uint8Array(data)) };
      storage.setItem(TOKEN_STORAGE_KEY, JSON.stringify(stored));
    },

    clear() {
      storage.removeItem(TOKEN_STORAGE_KEY);
    },
  };
}

const DB_NAME = 'dihs-auth';
const STORE_NAME = 'keys';
const KEY_ID = 'token-key';

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB-Fehler'));
  });
}

/** A one-entry key store in IndexedDB, which keeps a CryptoKey as an opaque, still non-extractable object. */
export function indexedDbKeyStore(factory: IDBFactory = indexedDB): KeyStore {
  let database: Promise<IDBDatabase> | undefined;
  const open = (): Promise<IDBDatabase> => {
    database ??= new Promise((resolve, reject) => {
      const request = factory.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE_NAME);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB-Fehler'));
    });
    return database;
  };
  const store = async (mode: IDBTransactionMode): Promise<IDBObjectStore> =>
    (await open()).transaction(STORE_NAME, mode).objectStore(STORE_NAME);

  return {
    async get() {
      const value: unknown = await requestResult((await store('readonly')).get(KEY_ID));
      return value instanceof CryptoKey ? value : undefined;
    },
    async put(key) {
      await requestResult((await store('readwrite')).put(key, KEY_ID));
    },
  };
}

let browserTokenStorage: TokenStorage | undefined;

/** The app's token storage, created on first use so that importing this module touches no browser API. */
export function tokenStorage(): TokenStorage {
  browserTokenStorage ??= createTokenStorage({ storage: localStorage, keys: indexedDbKeyStore(), crypto });
  return browserTokenStorage;
}
