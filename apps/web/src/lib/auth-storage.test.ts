import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenStorage, TOKEN_STORAGE_KEY, type KeyStore } from './auth-storage.ts';

// jsdom has neither crypto.subtle nor IndexedDB: Node's Web Crypto and an in-memory key store stand in
function memoryKeyStore(): KeyStore & { key: CryptoKey | undefined } {
  const store: KeyStore & { key: CryptoKey | undefined } = {
    key: undefined,
    get: () => Promise.resolve(store.key),
    put: (key) => {
      store.key = key;
      return Promise.resolve();
    },
  };
  return store;
}

const setup = () => {
  const keys = memoryKeyStore();
  const storage = createTokenStorage({ storage: localStorage, keys, crypto: webcrypto as unknown as Crypto });
  return { keys, storage };
};

describe('token storage', () => {
  it('returns the saved token, while localStorage holds only ciphertext', async () => {
    const { storage, keys } = setup();
    await storage.save('header.payload.signatur');

    const raw = localStorage.getItem(TOKEN_STORAGE_KEY) ?? '';
    expect(raw).not.toContain('payload');
    expect(Object.keys(JSON.parse(raw) as object)).toEqual(['iv', 'data']);
    expect(keys.key?.extractable).toBe(false);
    await expect(storage.load()).resolves.toBe('header.payload.signatur');
  });

  it('uses a fresh IV for every save', async () => {
    const { storage } = setup();
    await storage.save('a.b.c');
    const first = localStorage.getItem(TOKEN_STORAGE_KEY);
    await storage.save('a.b.c');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).not.toBe(first);
  });

  it('forgets a token that cannot be decrypted', async () => {
    const { storage, keys } = setup();
    await storage.save('a.b.c');
    keys.key = undefined;
    await expect(storage.load()).resolves.toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('forgets tampered ciphertext', async () => {
    const { storage } = setup();
    await storage.save('a.b.c');
    const stored = JSON.parse(localStorage.getItem(TOKEN_STORAGE_KEY) ?? '{}') as { iv: string; data: string };
    localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ ...stored, data: btoa('manipuliert') }));
    await expect(storage.load()).resolves.toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('has nothing after clear', async () => {
    const { storage } = setup();
    await storage.save('a.b.c');
    storage.clear();
    await expect(storage.load()).resolves.toBeNull();
  });
});
