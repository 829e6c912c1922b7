import type { SessionClaims } from '@dihs/contract/auth';

/** The logged-in viewer as the token describes it. */
export type Session = SessionClaims;

/** setTimeout stores its delay in a signed 32-bit integer; a longer delay would fire at once. */
const MAX_TIMER_DELAY_MS = 2_147_483_647;

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  // the e-mail in `sub` may hold non-ASCII characters, so the bytes are UTF-8, not Latin-1
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** The payload of a JWT as parsed JSON, without checking the signature; null for anything malformed. */
export function readJwtPayload(token: string): unknown {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    return JSON.parse(decodeBase64Url(parts[1]));
  } catch {
    return null;
  }
}

/**
 * The session a token describes, or null when it is malformed. The signature is not checked: the server
 * verifies every call, the browser only needs to know who is logged in and until when.
 * Async because the claims schema brings zod, which the start page should not have to load.
 */
export async function decodeSessionToken(token: string): Promise<Session | null> {
  const payload = readJwtPayload(token);
  if (payload === null) return null;
  const { sessionClaimsSchema } = await import('@dihs/contract/auth');
  const result = sessionClaimsSchema.safeParse(payload);
  return result.success ? result.data : null;
}

/** Milliseconds until the token expires (exp is in seconds); zero or less means expired. */
export function millisecondsUntilExpiry(session: Pick<Session, 'exp'>, nowMs: number): number {
  return session.exp * 1000 - nowMs;
}

export function isExpired(session: Pick<Session, 'exp'>, nowMs: number): boolean {
  return millisecondsUntilExpiry(session, nowMs) <= 0;
}

/** The delay for the expiry timer, clamped to what setTimeout can hold; a long token is re-armed on expiry check. */
export function expiryTimerDelay(session: Pick<Session, 'exp'>, nowMs: number): number {
  return Math.min(Math.max(millisecondsUntilExpiry(session, nowMs), 0), MAX_TIMER_DELAY_MS);
}
