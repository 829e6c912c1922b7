import type { SessionClaims } from '@dihs/contract/auth';
import type { SessionActivity } from './session-activity.ts';
import type { SessionEvent } from './session-events.ts';

/** The account fields the gate decides on; app.ts reads them through the users module. */
export interface GateAccount {
  email: string;
  role: SessionClaims['role'];
  privileges: number[];
  active: boolean;
  lockedAt: Date | null;
  deletedAt: Date | null;
  sessionsValidFrom: Date | null;
  /** The stored (sealed) TOTP key; null without a second factor. */
  secondFactorSecret: string | null;
}

/** A revoked token as stored: its id and when it would have expired anyway. */
export interface RevokedToken {
  jti: string;
  expiresAt: Date;
}

/**
 * Why a token is refused: the account was locked or deactivated, the session was idle past its limit, or anything
 * else (forged, expired, logged out, ended by a change, deleted account): each has its own message.
 */
export type RefusalReason = 'gesperrt' | 'deaktiviert' | 'inaktiv' | 'ungueltig';
/** The gate's answer: the session as it stands now, or why it is refused. */
export type Admission = { session: SessionClaims } | { refused: RefusalReason };

export interface SessionGateOptions {
  /** How long the account state is remembered; events (session-events.ts) drop it at once. */
  cacheSeconds: number;
  /** The token lifetime: a "valid from" older than it refuses nothing any more and is forgotten. */
  tokenTtlSeconds: number;
  /** Off only for the benchmark's comparison (BENCH_NO_REVOCATION): no revoked-token and no "valid from" check. */
  checkRevocation?: boolean;
  /**
   * Roles whose accounts without a second factor get a session that may only set one up (REQUIRE_2FA_ROLES). A
   * token's own zweiterFaktorEinrichten claim holds the session to the set-up whatever this list says.
   */
  requireSecondFactorRoles?: readonly SessionClaims['role'][];
  /** Ends idle sessions (session-activity.ts); without it (unit tests of the gate) idle time is not checked. */
  activity?: SessionActivity;
}

/**
 * A signed token alone would stay valid for its whole lifetime. The gate checks, for every authenticated request,
 * that the account still exists, is active, not locked, not deleted and still has the token's e-mail, and it
 * hands on the account's current role and privileges, so an operator's change applies on the server at once.
 * A token issued before the account's "sessions valid from" (password, e-mail, privilege change, lock,
 * deactivation, deletion) is refused, and so is a logged-out token. Both come to every instance as events
 * (session-events.ts) and are checked in memory: no database round trip per request. The account state is
 * remembered for a few seconds; an event for the account drops it. One gate per app serves the HTTP routes and the
 * STOMP sockets alike.
 */
export function createSessionGate(
  loadAccount: (userId: number) => Promise<GateAccount | undefined>,
  {
    cacheSeconds,
    tokenTtlSeconds,
    checkRevocation = true,
    requireSecondFactorRoles = [],
    activity,
  }: SessionGateOptions,
) {
  const cache = new Map<number, { until: number; state: AccountState | null }>();
  /** Per account, from events: the "valid from" even before this instance reads it (or it is committed). */
  const validFrom = new Map<number, number>();
  /** Revoked token ids with their expiry in epoch milliseconds. */
  const revoked = new Map<string, number>();
  let nextPrune = 0;

  interface AccountState {
    email: string;
    role: SessionClaims['role'];
    privileges: number[];
    lockedOut: RefusalReason | null;
    /** Epoch milliseconds from which tokens count; tokens issued earlier are refused. */
    sessionsValidFromMs: number | null;
    /** This instance's duty: the role requires a second factor and the account has none yet. */
    secondFactorSetupRequired: boolean;
  }

  async function load(userId: number): Promise<AccountState | null> {
    const user = await loadAccount(userId);
    if (!user) return null;
    return {
      email: user.email,
      role: user.role,
      privileges: user.privileges,
      lockedOut: user.deletedAt ? 'ungueltig' : user.lockedAt ? 'gesperrt' : user.active ? null : 'deaktiviert',
      sessionsValidFromMs: user.sessionsValidFrom?.getTime() ?? null,
      secondFactorSetupRequired: requireSecondFactorRoles.includes(user.role) && !user.secondFactorSecret,
    };
  }

  /** Forgets what can no longer refuse anything: expired revoked tokens, "valid from" older than any live token. */
  function prune(now: number): void {
    if (now < nextPrune) return;
    nextPrune = now + 60_000;
    for (const [jti, exp] of revoked) if (exp <= now) revoked.delete(jti);
    for (const [userId, from] of validFrom) if (from <= now - tokenTtlSeconds * 1000) validFrom.delete(userId);
  }

  /** A logged-out token, or one issued before an announced "valid from". */
  function refusedByEvent(claims: SessionClaims): boolean {
    if (!checkRevocation) return false;
    if (claims.jti !== undefined && revoked.has(claims.jti)) return true;
    const from = validFrom.get(claims.userId);
    return from !== undefined && issuedAtMs(claims) < from;
  }

  const refused = (reason: RefusalReason): Admission => ({ refused: reason });

  /** The token's session on the account as it is now, or why the account may not use it. */
  function sessionFor(claims: SessionClaims, state: AccountState | null): Admission {
    if (!state || state.email !== claims.sub) return refused('ungueltig');
    if (state.lockedOut) return refused(state.lockedOut);
    if (state.sessionsValidFromMs !== null && issuedAtMs(claims) < state.sessionsValidFromMs) {
      return refused('ungueltig');
    }
    const session = { ...claims, role: state.role, privileges: state.privileges };
    // The set-up duty signed into the token holds on every instance, whatever its own REQUIRE_2FA_ROLES, until a new
    // login (with the code) issues a token without it; the account's set-up does not lift it. A token without the
    // claim (issued before the claim was honoured, by an instance without the duty, or before the factor was
    // removed) meets this instance's own duty on the account as it is now (docs/decisions.md, issue 31 item 5).
    return { session: state.secondFactorSetupRequired ? { ...session, zweiterFaktorEinrichten: true } : session };
  }

  /** The admission once the session's idle time is known; an admitted request is activity. */
  function afterActivity(admission: Admission, verdict: 'aktiv' | 'inaktiv' | 'unbekannt'): Admission {
    if (!('session' in admission)) return admission;
    if (verdict === 'inaktiv') return refused('inaktiv');
    if (verdict === 'unbekannt') return refused('ungueltig');
    activity!.note(admission.session.sid!);
    return admission;
  }

  /**
   * decide() without a promise, when it needs no database read (the account's state and the session's activity are
   * remembered); undefined when something must be read first. The usual request takes this way.
   */
  function decideRemembered(claims: SessionClaims): Admission | undefined {
    if (refusedByEvent(claims)) return refused('ungueltig');
    const entry = cache.get(claims.userId);
    if (!entry || entry.until <= Date.now()) return undefined;
    const admission = sessionFor(claims, entry.state);
    if (!activity || !('session' in admission)) return admission;
    const verdict = activity.checkRemembered(claims);
    return verdict === undefined ? undefined : afterActivity(admission, verdict);
  }

  /** The session as it stands now, or why the account may no longer use this token. */
  async function decide(claims: SessionClaims): Promise<Admission> {
    const remembered = decideRemembered(claims);
    if (remembered !== undefined) return remembered;
    let entry = cache.get(claims.userId);
    if (!entry || entry.until <= Date.now()) {
      const now = Date.now();
      if (cache.size > 10_000) cache.clear();
      entry = { until: now + cacheSeconds * 1000, state: await load(claims.userId) };
      // A read that does not yet show an announced change (its transaction had not committed) is not kept.
      const announced = validFrom.get(claims.userId);
      const stale = announced !== undefined && (entry.state?.sessionsValidFromMs ?? 0) < announced;
      if (cacheSeconds > 0 && !stale) cache.set(claims.userId, entry);
    }
    const admission = sessionFor(claims, entry.state);
    const decided =
      activity && 'session' in admission ? afterActivity(admission, await activity.check(claims)) : admission;
    // an event may have arrived while the account or the session was read
    return refusedByEvent(claims) ? refused('ungueltig') : decided;
  }

  return {
    decide,
    decideRemembered,

    /** decide() for callers that need no reason (the STOMP sockets): the session, or null when refused. */
    async admit(claims: SessionClaims): Promise<SessionClaims | null> {
      const admission = await decide(claims);
      return 'session' in admission ? admission.session : null;
    },

    /** An event from any instance (this one included); applying it twice changes nothing. */
    apply(event: SessionEvent): void {
      const now = Date.now();
      prune(now);
      if (event.kind === 'token') {
        if (event.expMs > now) revoked.set(event.jti, event.expMs);
        return;
      }
      validFrom.set(event.userId, Math.max(validFrom.get(event.userId) ?? 0, event.validFromMs));
      cache.delete(event.userId);
    },

    /** The stored revoked tokens (at start, and now and then in case an event was lost). */
    restore(tokens: readonly RevokedToken[]): void {
      const now = Date.now();
      for (const token of tokens) {
        const exp = token.expiresAt.getTime();
        if (exp > now) revoked.set(token.jti, exp);
      }
      prune(now);
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
