import type { SessionClaims } from '@dihs/contract/auth';

/** The account fields the gate decides on; app.ts reads them through the users module. */
export interface GateAccount {
  email: string;
  role: SessionClaims['role'];
  privileges: number[];
  active: boolean;
  lockedAt: Date | null;
  deletedAt: Date | null;
  sessionsValidFrom: Date | null;
}

/**
 * A signed token alone would stay valid for its whole lifetime. The gate checks, for every authenticated request,
 * that the account still exists, is active, not locked, not deleted and still has the token's e-mail, and it
 * hands on the account's current role and privileges, so an operator's change applies on the server at once.
 * A token issued before the account's last password change is refused: the change ends every older session.
 * The account state is remembered for a few seconds to keep authenticated requests cheap. One gate per app serves
 * the HTTP routes and the STOMP sockets alike.
 */
export function createSessionGate(
  loadAccount: (userId: number) => Promise<GateAccount | undefined>,
  cacheSeconds: number,
) {
  const cache = new Map<number, { until: number; state: AccountState | null }>();

  interface AccountState {
    email: string;
    role: SessionClaims['role'];
    privileges: number[];
    usable: boolean;
    /** Epoch milliseconds of the last password change; tokens issued earlier are refused. */
    sessionsValidFromMs: number | null;
  }

  async function load(userId: number): Promise<AccountState | null> {
    const user = await loadAccount(userId);
    if (!user) return null;
    return {
      email: user.email,
      role: user.role,
      privileges: user.privileges,
      usable: user.active && !user.lockedAt && !user.deletedAt,
      sessionsValidFromMs: user.sessionsValidFrom?.getTime() ?? null,
    };
  }

  return {
    /** The session as it stands now, or null when the account may no longer use this token. */
    async admit(claims: SessionClaims): Promise<SessionClaims | null> {
      const now = Date.now();
      let entry = cache.get(claims.userId);
      if (!entry || entry.until <= now) {
        if (cache.size > 10_000) cache.clear();
        entry = { until: now + cacheSeconds * 1000, state: await load(claims.userId) };
        if (cacheSeconds > 0) cache.set(claims.userId, entry);
      }
      const state = entry.state;
      if (!state?.usable || state.email !== claims.sub) return null;
      if (state.sessionsValidFromMs !== null && issuedAtMs(claims) < state.sessionsValidFromMs) return null;
      return { ...claims, role: state.role, privileges: state.privileges };
    },
  };
}
export type SessionGate = ReturnType<typeof createSessionGate>;

/**
 * When the token was issued, in milliseconds. Tokens from before the iatMs claim fall back to iat, whose whole
 * seconds are never later than the true time, so the fallback can only refuse, never let an older token pass.
 */
function issuedAtMs(claims: SessionClaims): number {
  return claims.iatMs ?? (claims.iat ?? 0) * 1000;
}
