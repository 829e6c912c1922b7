import type { SessionClaims } from '@dihs/contract/auth';

/** A stored session's activity as the database has it. */
export interface StoredActivity {
  lastActivity: Date;
  endedAt: Date | null;
}

export interface SessionActivityOptions {
  /** Seconds without activity after which a session of the role ends (IDLE_TIMEOUT_MINUTES_*). */
  idleSeconds: Record<SessionClaims['role'], number>;
  /** The stored session's activity; undefined when there is no such session. */
  load: (sid: string) => Promise<StoredActivity | undefined>;
  /** Writes the session's last activity and, when known, the request's address (the write skips fresher rows). */
  store: (sid: string, address: string | undefined, at: Date) => Promise<void>;
  /** The clock (tests move it); Date.now by default. */
  now?: () => number;
}

/** What the activity check says of a session: in use, idle past its limit, or not a stored running session. */
export type ActivityVerdict = 'aktiv' | 'inaktiv' | 'unbekannt';

/** How often, at most, one instance writes a session's last activity. */
export const STORE_EVERY_MS = 60_000;
/** How many sessions the memories hold before they start over (then the database is asked again). */
const MEMORY = 10_000;

/**
 * Idle sessions end (TR-03161 O.Auth_6/7, docs/decisions.md issue 31 item 6). Each instance remembers when it last
 * admitted a request of a session; a session it has seen within its idle time passes without a database read (the
 * usual request). Otherwise the stored last activity decides, which every instance writes at most once a minute: a
 * session busy on another instance passes, one silent past its limit is refused on every instance. The stored time
 * lags the true one by up to two minutes, so on a second instance a session may end up to two minutes early, never
 * late. A token without a stored session (no sid claim, or its row pruned or ended) is refused.
 */
export function createSessionActivity({ idleSeconds, load, store, now = Date.now }: SessionActivityOptions) {
  /** Per session id: when this instance last admitted one of its requests (epoch ms). */
  const seen = new Map<string, number>();
  /** Per session id: when this instance last wrote its activity. */
  const stored = new Map<string, number>();

  const idleMs = (claims: SessionClaims) => idleSeconds[claims.role] * 1000;
  const remember = (memory: Map<string, number>, sid: string, at: number) => {
    if (memory.size >= MEMORY && !memory.has(sid)) memory.clear();
    memory.set(sid, at);
  };

  /** The verdict without a promise when this instance saw the session within its idle time; undefined otherwise. */
  function checkRemembered(claims: SessionClaims): 'aktiv' | 'unbekannt' | undefined {
    if (!claims.sid) return 'unbekannt';
    const last = seen.get(claims.sid);
    return last !== undefined && now() - last < idleMs(claims) ? 'aktiv' : undefined;
  }

  return {
    checkRemembered,

    /** The verdict, from this instance's memory or the stored session. */
    async check(claims: SessionClaims): Promise<ActivityVerdict> {
      const remembered = checkRemembered(claims);
      if (remembered) return remembered;
      const row = await load(claims.sid!);
      if (!row || row.endedAt) return 'unbekannt';
      return now() - row.lastActivity.getTime() < idleMs(claims) ? 'aktiv' : 'inaktiv';
    },

    /** The session is in use now (an admitted request, a video session in progress). */
    note(sid: string): void {
      remember(seen, sid, now());
    },

    /**
     * Writes the session's activity (and the request's address; a video socket's keep-alive has none), at most once
     * per STORE_EVERY_MS on this instance. Called after the answer (no transaction of the request is open any more:
     * the embedded database has one connection).
     */
    async persist(sid: string, address?: string): Promise<void> {
      const at = now();
      if ((stored.get(sid) ?? -Infinity) > at - STORE_EVERY_MS) return;
      remember(stored, sid, at);
      await store(sid, address, new Date(at));
    },
  };
}
export type SessionActivity = ReturnType<typeof createSessionActivity>;
