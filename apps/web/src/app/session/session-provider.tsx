import { MESSAGES } from '@dihs/contract/common/messages';
import { useQueryClient } from '@tanstack/react-query';
import { startTransition, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { LoadingIndicator } from '../../components/loading-indicator.tsx';
import { bindSession } from '../../lib/api-client.ts';
import { tokenStorage } from '../../lib/auth-storage.ts';
import { decodeSessionToken, expiryTimerDelay, isExpired, type Session } from '../../lib/session.ts';
import { lazyPage } from '../lazy-page.ts';
import { startOpeningPage } from '../opening-page.ts';
import { SessionContext, type SessionContextValue } from '../../lib/session-context.ts';

// The dialog machinery stays out of the start page's bundle; a session fetches it ahead, so that
// "Login abgelaufen" can show even when the network or the deployed chunks are gone by then.
const loadMessageDialog = () => import('../../components/message-dialog.tsx');
const MessageDialog = lazyPage(loadMessageDialog, 'MessageDialog');

type SessionState = { status: 'loading' } | { status: 'ready'; token: string | null; session: Session | null };

/**
 * Owns the login (spec 1, section 4): restores the stored token, logs out when it expires or the server
 * refuses it, and shows "Login abgelaufen". Renders a spinner until the stored token has been read,
 * so that guards never judge a half-loaded session.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  const [expiredNoticeOpen, setExpiredNoticeOpen] = useState(false);
  const [expiryCheck, setExpiryCheck] = useState(0);
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

  const endSession = useCallback(
    ({ expired }: { expired: boolean }) => {
      void persist(() => tokenStorage().clear());
      applySession(null, null);
      if (expired) setExpiredNoticeOpen(true);
      void navigate('/');
    },
    [applySession, navigate, persist],
  );

  const login = useCallback(
    async (token: string): Promise<Session | null> => {
      const session = decodeSessionToken(token);
      if (!session) return null;
      if (isExpired(session, Date.now())) {
        setExpiredNoticeOpen(true);
        return null;
      }
      // the session starts once the token is stored: the login dialog closes with it, so a reload or a new tab
      // right after finds the session
      await persist(() => tokenStorage().save(token));
      applySession(token, session);
      return session;
    },
    [applySession, persist],
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
    endSession({ expired: false });
    // The server revokes the token, so a copy of it (another tab, a stolen one) ends too. The local logout has
    // already happened and never waits for this; without network the token ends with its lifetime. Loaded on
    // demand: the declaration brings zod, which the start page does not need.
    if (token) {
      void import('./revoke-on-server.ts').then(({ revokeOnServer }) => revokeOnServer(token)).catch(() => undefined);
    }
  }, [endSession]);

  useEffect(
    () =>
      bindSession({
        getToken: () => tokenRef.current,
        onUnauthorized: (refusedToken) => {
          if (refusedToken === tokenRef.current) endSession({ expired: true });
        },
      }),
    [endSession],
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

  const session = state.status === 'ready' ? state.session : null;
  useEffect(() => {
    if (!session) return;
    void loadMessageDialog().catch(() => {
      // a failed prefetch is retried when the dialog is needed
    });
  }, [session]);

  useEffect(() => {
    if (!session) return;
    const timer = setTimeout(
      () => {
        // a token living longer than setTimeout's limit (about 24 days) is checked again instead of ended early
        if (isExpired(session, Date.now())) endSession({ expired: true });
        else setExpiryCheck((count) => count + 1);
      },
      expiryTimerDelay(session, Date.now()),
    );
    return () => clearTimeout(timer);
  }, [session, endSession, expiryCheck]);

  const value = useMemo<SessionContextValue>(
    () => ({ session, token: state.status === 'ready' ? state.token : null, login, renew, logout }),
    [session, state, login, renew, logout],
  );

  return (
    <SessionContext value={value}>
      {state.status === 'loading' ? <LoadingIndicator /> : children}
      <Suspense fallback={null}>
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
