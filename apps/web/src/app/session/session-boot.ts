import { TOKEN_STORAGE_KEY, tokenStorage } from '../../lib/auth-storage.ts';
import { decodeSessionToken, type Session } from '../../lib/session.ts';

/**
 * What the entry learns of the stored session before React renders (main.tsx): a browser without a stored token is
 * a visitor at once, so the first render is the page itself, not a spinner (and the prerendered start page can be
 * hydrated); a stored token is read and decoded while the entry goes on loading the page's chunk.
 */
export type SessionBoot =
  { kind: 'visitor' } | { kind: 'stored'; restored: Promise<{ token: string | null; session: Session | null }> };

function hasStoredToken(): boolean {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY) !== null;
  } catch {
    // no storage, no stored token; the provider's own restore finds the same
    return false;
  }
}

/** Reads the stored token once, in the entry, before the first render. */
export function bootSession(): SessionBoot {
  if (!hasStoredToken()) return { kind: 'visitor' };
  // the claims schema (zod) is fetched while IndexedDB and Web Crypto read the token, not after
  void import('@dihs/contract/auth').catch(() => undefined);
  const restored = tokenStorage()
    .load()
    .catch(() => null)
    .then(async (token) => ({ token, session: token ? await decodeSessionToken(token) : null }));
  return { kind: 'stored', restored };
}
