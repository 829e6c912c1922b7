import type { TokenStorage } from '../lib/auth-storage.ts';

/** An in-memory stand-in for the encrypted storage, which needs Web Crypto and IndexedDB (jsdom has neither). */
export function createFakeTokenStorage(): TokenStorage & { token: string | null } {
  const storage = {
    token: null as string | null,
    load: () => Promise.resolve(storage.token),
    save: (token: string) => {
      storage.token = token;
      return Promise.resolve();
    },
    clear: () => {
      storage.token = null;
    },
  };
  return storage;
}
