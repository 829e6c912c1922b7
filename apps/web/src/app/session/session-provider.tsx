import { MESSAGES } from '@dihs/contract/common/messages';
import { useQueryClient } from '@tanstack/react-query';
import { startTransition, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { LoadingIndicator } from '../../components/loading-indicator.tsx';
import { bindSession, type ApiError } from '../../lib/api-client.ts';
import { tokenStorage } from '../../lib/auth-storage.ts';
import { decodeSessionToken, expiryTimerDelay, isExpired, type Session } from '../../lib/session.ts';
import { lazyPage } from '../lazy-page.ts';
import { startOpeningPage } from '../opening-page.ts';
import { SessionContext, type SessionContextValue } from '../../lib/session-context.ts';
import { useIdleWatch } from './idle-watch.ts';
import type { SessionLock } from './session-lock.ts';

// The dialog machinery stays out of the start page's bundle; a session fetches it ahead, so that
// "Login abgelaufen" can show even when the network or the deployed chunks are gone by then.
const loadMessageDialog = () => import('../../components/message-dialog.tsx');
const MessageDialog = lazyPage(loadMessageDialog, 'MessageDialog');
// The lock over a page whose session ended (issue 31 item 6), with the login form: fetched ahead like the above.
const loadLockDialog = () => import('./session-lock-dialog.tsx');
const SessionLockDialog = lazyPage(loadLockDialog, 'SessionLockDialog');
const loadSessionCalls = () => import('./session-calls.ts');

type SessionState = { status: 'loading' } | { status: 'ready'; token: string | null; session: Session | null };

/**
 * Owns the login (spec 1, section 4): restores the stored token and shows "Login abgelaufen" when it expires or the
 * server refuses it. A session that ends while a page is open (expiry, idle time, ended elsewhere) locks the page
 * instead of leaving it: the page and its unsaved input stay under a dialog that asks for the password again, and
 * the calls the server refused meanwhile are repeated with the new login (issue 31 item 6). Renders a spinner until
 * the stored token has been read, so that guards never judge a half-loaded session.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  const [expiredNoticeOpen, setExpiredNoticeOpen] = useState(false);
  const [expiryCheck, setExpiryCheck] = useState(0);
  const [lock, setLock] = useState<SessionLock | null>(null);
  // read between renders: a refused call decides at once whether the page is locked already
  const lockRef = useRef<SessionLock | null>(null);
  // the refused calls waiting for the new login: they are repeated with its token (null: they fail)
  const waiting = useRef<((token: string | null) => void)[]>([]);
  // the API client reads the token between renders; the ref is updated before the state so no call goes out stale
  const tokenRef = useRef<string | null>(null);
  // the viewer a renewed token must belong to, read between renders like the token
  const userIdRef = useRef<number | null>(null);
  // storage writes run in order, so a logout right after a login cannot be overtaken by the login's slower save
  const storageQueue = useRef<Promise<unknown>>(Promise.resolve());
  const persist = useCallback((write: () => Promise<void> | void): Promise<unknown> => {
    storageQueue.current = storageQueue.current.then(write).catch(() => {
      // without working storage the session still lives in this tab; it just does not survive a reload
    });
    return storageQueue.current;
  }, []);

  const settleWaiting = useCallback((token: string | null) => {
    const resolvers = waiting.current;
    waiting.current = [];
    for (const resolve of resolvers) resolve(token);
  }, []);

  const unlock = useCallback(
    (token: string | null) => {
      lockRef.current = null;
      setLock(null);
      settleWaiting(token);
    },
    [settleWaiting],
  );

  /**
   * The session ended with the page open: the token is dropped from storage (a reload starts logged out), the page
   * stays under the lock dialog. `refusal` is the server's answer when a call was refused.
   */
  const lockPage = useCallback(
    (cause: SessionLock['cause'], refusal?: ApiError) => {
      if (lockRef.current) return;
      const next: SessionLock = { cause, code: refusal?.code, message: refusal?.message };
      lockRef.current = next;
      setLock(next);
      void persist(() => tokenStorage().clear());
    },
    [persist],
  );

  const applySession = useCallback(
    (token: string | null, session: Session | null) => {
      // cached answers belong to the previous viewer
      queryClient.removeQueries();
      tokenRef.current = token;
      userIdRef.current = session?.userId ?? null;
      setState({ status: 'ready', token, session });
    },
    [queryClient],
  );

  /** Logged out, back to the start page; calls still waiting for a new login fail. */
  const endSession = useCallback(() => {
    void persist(() => tokenStorage().clear());
    unlock(null);
    applySession(null, null);
    void navigate('/');
  }, [applySession, navigate, persist, unlock]);

  const login = useCallback(
    async (token: string): Promise<Session | null> => {
      const session = decodeSessionToken(token);
      if (!session) return null;
      if (isExpired(session, Date.now())) {
        setExpiredNoticeOpen(true);
        return null;
      }
      if (lockRef.current && session.userId === userIdRef.current) {
        // the same viewer again over the locked page: it goes on where it was, its refused calls are repeated
        tokenRef.current = token;
        await persist(() => tokenStorage().save(token));
        setState({ status: 'ready', token, session });
        unlock(token);
        return session;
      }
      unlock(null);
      // the session starts once the token is stored: the login dialog closes with it, so a reload or a new tab
      // right after finds the session
      await persist(() => tokenStorage().save(token));
      applySession(token, session);
      return session;
    },
    [applySession, persist, unlock],
  );

  const renew = useCallback(
    async (token: string): Promise<void> => {
      const session = decodeSessionToken(token);
      if (!session || isExpired(session, Date.now()) || session.userId !== userIdRef.current) return;
      // from here on a 401 for the old token is not this session's end (onUnauthorized compares the tokens)
      tokenRef.current = token;
      setState({ status: 'ready', token, session });
      void persist(() => tokenStorage().save(token));
    },
    [persist],
  );

  const logout = useCallback(() => {
    const token = tokenRef.current;
    endSession();
    // The server revokes the token, so a copy of it (another tab, a stolen one) ends too. The local logout has
    // already happened and never waits for this; without network the token ends with its lifetime. Loaded on
    // demand: the declaration brings zod, which the start page does not need.
    if (token) {
      void loadSessionCalls()
        .then(({ revokeOnServer }) => revokeOnServer(token))
        .catch(() => undefined);
    }
  }, [endSession]);

  const session = state.status === 'ready' ? state.session : null;
  const lockForIdle = useCallback(() => lockPage('inaktiv'), [lockPage]);
  const keepAlive = useCallback(() => {
    void loadSessionCalls()
      .then(({ keepAliveOnServer }) => keepAliveOnServer())
      .catch(() => undefined);
  }, []);
  const idle = useIdleWatch({ session, locked: lock !== null, onIdle: lockForIdle, keepAlive });

  useEffect(
    () =>
      bindSession({
        getToken: () => tokenRef.current,
        onUnauthorized: (refusedToken, refusal) => {
          // a newer token took over meanwhile (a renewal, a new login): the call is repeated with it
          if (refusedToken !== tokenRef.current) return Promise.resolve(tokenRef.current);
          if (userIdRef.current === null) return Promise.resolve(null);
          lockPage('abgelehnt', refusal);
          return new Promise<string | null>((resolve) => waiting.current.push(resolve));
        },
        onActivity: idle.noteActivity,
      }),
    [lockPage, idle.noteActivity],
  );

  // restore the stored token once
  useEffect(() => {
    let cancelled = false;
    void tokenStorage()
      .load()
      .catch(() => null)
      .then((token) => {
        const decoded = token ? decodeSessionToken(token) : null;
        if (cancelled) return;
        const valid = decoded && !isExpired(decoded, Date.now()) ? decoded : null;
        if (token && !valid) void persist(() => tokenStorage().clear());
        // an expired token at load logs out at once; the guards then send protected routes to the start page
        if (decoded && !valid) setExpiredNoticeOpen(true);
        // The first render of the shell and the page is the largest of the visit. Outside a transition React renders
        // it in one piece (an update from a promise is not time-sliced): on a slow phone the page could not take
        // input for most of a second (Total Blocking Time). In a transition it renders in slices, and the spinner
        // stays until the page's code is there.
        startTransition(() => applySession(valid ? token : null, valid));
        // the opening page's code and answers need only the session: asked for now, not after the shell's first render
        if (valid) startOpeningPage(queryClient, valid, window.location);
      });
    return () => {
      cancelled = true;
    };
  }, [applySession, persist, queryClient]);

  useEffect(() => {
    if (!session) return;
    void Promise.all([loadMessageDialog(), loadLockDialog()]).catch(() => {
      // a failed prefetch is retried when the dialog is needed
    });
  }, [session]);

  useEffect(() => {
    if (!session) return;
    const timer = setTimeout(
      () => {
        // a token living longer than setTimeout's limit (about 24 days) is checked again instead of ended early
        if (isExpired(session, Date.now())) lockPage('abgelaufen');
        else setExpiryCheck((count) => count + 1);
      },
      expiryTimerDelay(session, Date.now()),
    );
    return () => clearTimeout(timer);
  }, [session, lockPage, expiryCheck]);

  const value = useMemo<SessionContextValue>(
    () => ({
      session,
      token: state.status === 'ready' ? state.token : null,
      login,
      renew,
      logout,
      holdSession: idle.hold,
    }),
    [session, state, login, renew, logout, idle.hold],
  );

  return (
    <SessionContext value={value}>
      {state.status === 'loading' ? <LoadingIndicator /> : children}
      <Suspense fallback={null}>
        {lock && session && (
          <SessionLockDialog
            lock={lock}
            email={session.sub}
            idleSeconds={session.inaktivNachSekunden}
            onLogout={endSession}
          />
        )}
        {expiredNoticeOpen && (
          <MessageDialog
            open
            title={MESSAGES.loginAbgelaufenTitel}
            text={MESSAGES.loginAbgelaufenText}
            onClose={() => setExpiredNoticeOpen(false)}
          />
        )}
      </Suspense>
    </SessionContext>
  );
}
