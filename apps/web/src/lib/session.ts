import { PRIVILEGES, ROLES } from '@dihs/contract/common/roles';
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

const isInteger = (value: unknown): value is number => Number.isSafeInteger(value);
const absentOr = (value: unknown, check: (value: unknown) => boolean): boolean => value === undefined || check(value);
const CLAIM_KEYS = [
  'sub',
  'role',
  'privileges',
  'userId',
  'exp',
  'iat',
  'iatMs',
  'jti',
  'sid',
  'zweiterFaktorEinrichten',
  'inaktivNachSekunden',
] as const satisfies readonly (keyof Session)[];

/**
 * The contract's session claims (sessionClaimsSchema) checked by hand: the schema would bring zod, and with it one
 * more round trip before a returning viewer's first page can even be asked for (on a phone about a quarter of a
 * second). session.test.ts holds the two to the same verdicts.
 */
export function readSessionClaims(payload: unknown): Session | null {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const claims = payload as Record<string, unknown>;
  const valid =
    typeof claims.sub === 'string' &&
    (ROLES as readonly unknown[]).includes(claims.role) &&
    Array.isArray(claims.privileges) &&
    claims.privileges.every((code) => isInteger(code) && code >= 0 && code < PRIVILEGES.length) &&
    isInteger(claims.userId) &&
    claims.userId > 0 &&
    isInteger(claims.exp) &&
    absentOr(claims.iat, isInteger) &&
    absentOr(claims.iatMs, isInteger) &&
    absentOr(claims.jti, (jti) => typeof jti === 'string' && jti.length <= 64) &&
    absentOr(claims.sid, (sid) => typeof sid === 'string' && sid.length <= 64) &&
    absentOr(claims.zweiterFaktorEinrichten, (flag) => flag === true) &&
    absentOr(claims.inaktivNachSekunden, (seconds) => isInteger(seconds) && seconds > 0);
  if (!valid) return null;
  // only the contract's claims, as the schema keeps them
  return Object.fromEntries(
    CLAIM_KEYS.filter((key) => claims[key] !== undefined).map((key) => [key, claims[key]]),
  ) as Session;
}

/**
 * The session a token describes, or null when it is malformed. The signature is not checked: the server
 * verifies every call, the browser only needs to know who is logged in and until when.
 */
export function decodeSessionToken(token: string): Session | null {
  return readSessionClaims(readJwtPayload(token));
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
