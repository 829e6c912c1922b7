import { SignJWT, jwtVerify } from 'jose';
import { sessionClaimsSchema, type SessionClaims } from '@dihs/contract/auth';

export interface TokenService {
  /** Signs a token for the claims, valid for the configured lifetime. */
  sign(claims: Omit<SessionClaims, 'exp'>): Promise<string>;
  /** The token's claims, or null when it is forged, expired, unsigned or malformed. */
  verify(token: string): Promise<SessionClaims | null>;
}

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async sign({ sub, role, privileges, userId }) {
      return new SignJWT({ role, privileges, userId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      try {
        // Only HS256 is accepted: 'none' and any other algorithm fail here.
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const claims = sessionClaimsSchema.safeParse(payload);
        return claims.success ? claims.data : null;
      } catch {
        return null;
      }
    },
  };
}
