import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { sessionClaimsSchema, type SessionClaims } from '@dihs/contract/auth';

export interface TokenService {
  /**
   * Signs a token for the claims, valid for the configured lifetime from issuedAt (default: now). A password
   * change passes its own time, so the changer's new token is exactly as old as the change (session-gate.ts), and
   * the old token's expiry: a login ends at the latest after the lifetime, however often its token is re-issued.
   */
  sign(
    claims: Omit<SessionClaims, 'exp' | 'iat' | 'iatMs' | 'jti'>,
    options?: { issuedAt?: Date; expiresAt?: Date },
  ): Promise<string>;
  /** The token's claims, or null when it is forged, expired, unsigned or malformed. */
  verify(token: string): Promise<SessionClaims | null>;
  /**
   * verify() without a promise for a token verified before: its claims, or null once it expired; undefined when
   * its signature has not been checked yet (then verify()).
   */
  remembered(token: string): SessionClaims | null | undefined;
}

/** How many verified tokens are remembered; a verified signature stays valid, so only exp is re-checked. */
const VERIFIED_CACHE_SIZE = 10_000;

/**
 * Tokens signed with `secret`; verify() also accepts tokens signed with one of `previousSecrets` (JWT_SECRETS_PREVIOUS)
 * until they expire, so a rotation of JWT_SECRET ends no session (docs/operations.md "Rotating secrets").
 */
export function createTokenService(
  secret: string,
  ttlSeconds: number,
  previousSecrets: readonly string[] = [],
): TokenService {
  const encoder = new TextEncoder();
  const key = encoder.encode(secret);
  // the current key first: after a rotation nearly every token is signed with it
  const verifyKeys = [key, ...previousSecrets.filter((old) => old !== secret).map((old) => encoder.encode(old))];
  // Signature checks dominate the cost of an authenticated request; a browser sends the same token many times.
  const verified = new Map<string, SessionClaims>();

  async function verifyUncached(token: string): Promise<SessionClaims | null> {
    for (const verifyKey of verifyKeys) {
      try {
        // Only HS256 is accepted: 'none' and any other algorithm fail here.
        const { payload } = await jwtVerify(token, verifyKey, { algorithms: ['HS256'] });
        const claims = sessionClaimsSchema.safeParse(payload);
        return claims.success ? claims.data : null;
      } catch (error) {
        // only a signature of another key lets the next key try; expired, malformed, 'none': refused at once
        if ((error as { code?: unknown }).code !== 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED') return null;
      }
    }
    return null;
  }

  function remembered(token: string): SessionClaims | null | undefined {
    const cached = verified.get(token);
    if (!cached) return undefined;
    if (cached.exp > Math.floor(Date.now() / 1000)) return cached;
    verified.delete(token);
    return null;
  }

  return {
    async sign(
      { sub, role, privileges, userId, zweiterFaktorEinrichten, sid, inaktivNachSekunden },
      { issuedAt = new Date(), expiresAt } = {},
    ) {
      const iatMs = issuedAt.getTime();
      const iat = Math.floor(iatMs / 1000);
      const exp = expiresAt ? Math.floor(expiresAt.getTime() / 1000) : iat + ttlSeconds;
      const setup = zweiterFaktorEinrichten ? { zweiterFaktorEinrichten } : {};
      const idle = inaktivNachSekunden ? { inaktivNachSekunden } : {};
      // the stored session ("Angemeldete Geräte") the token belongs to; a re-issued token keeps it
      const session = sid ? { sid } : {};
      // every token its own id (jti), so a logout can revoke one token and leave the account's other sessions
      return new SignJWT({ role, privileges, userId, iatMs, ...setup, ...session, ...idle })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setJti(randomUUID())
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
    },
    remembered,
    async verify(token) {
      const known = remembered(token);
      if (known !== undefined) return known;
      const claims = await verifyUncached(token);
      if (claims) {
        // Oldest first: a Map iterates in insertion order.
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
        verified.set(token, claims);
      }
      return claims;
    },
  };
}
