import { createContext, useContext } from 'react';
import type { Session } from './session.ts';

export interface SessionContextValue {
  session: Session | null;
  /** The raw bearer token of the session (the app-mode route compares it with the one in its path). */
  token: string | null;
  /** Starts a session with the token; null when the token is malformed or expired (the latter shows "Login abgelaufen"). */
  login: (token: string) => Promise<Session | null>;
  /**
   * Continues the session with a fresh token of the same viewer (the own password change ends every older token).
   * Cached answers stay; a token of another viewer, a malformed or an expired one is ignored.
   */
  renew: (token: string) => Promise<void>;
  /** Ends the session and returns to the start page. */
  logout: () => void;
  /**
   * Keeps the page from locking as idle while something the server does not see goes on (a video session in
   * progress, issue 31 item 6); answers the release.
   */
  holdSession: () => () => void;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession braucht einen SessionProvider');
  return value;
}

/** Part of every query key whose answer depends on the viewer, so one viewer never sees another's cached data. */
export function useViewerKey(): string {
  return viewerKeyOf(useSession().session);
}

/** The viewer's part of query keys, outside React (a prefetch started before the first render). */
export const viewerKeyOf = (session: Session | null): string => (session ? `user-${session.userId}` : 'gast');
