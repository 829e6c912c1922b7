import { useCallback, useEffect, useRef } from 'react';
import type { Session } from '../../lib/session.ts';

/**
 * When the server last counted a call of the session as activity, shared by the tabs of this browser: they share one
 * token, so a tab in use keeps an idle one from locking. Only a time is stored, nothing about the viewer.
 */
const SHARED_KEY = 'dihs.sitzung.letzteAktivitaet';
/** How often the page looks whether its session has been idle too long (a computer waking up looks at once). */
const CHECK_EVERY_MS = 15_000;
/** Input on a page that has not asked the server for this long sends a keep-alive (at most this often). */
export const KEEP_ALIVE_AFTER_MS = 60_000;
/** The shared time is written at most this often. */
const SHARE_EVERY_MS = 5_000;
const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

function readShared(): number {
  try {
    return Number(window.localStorage.getItem(SHARED_KEY)) || 0;
  } catch {
    return 0;
  }
}

function writeShared(ms: number): void {
  try {
    window.localStorage.setItem(SHARED_KEY, String(ms));
  } catch {
    // without storage each tab judges by its own calls
  }
}

export interface IdleWatch {
  /** The server counted a call as the session's activity. */
  noteActivity: () => void;
  /** A video session in progress: the page does not lock while it is held. Answers the release. */
  hold: () => () => void;
}

interface IdleWatchOptions {
  session: Session | null;
  /** While locked nothing is watched: the lock dialog is up. */
  locked: boolean;
  /** The session has been idle for its limit: lock the page. */
  onIdle: () => void;
  /** The user works on the page without asking the server: tell it the session is in use. */
  keepAlive: () => void;
}

/**
 * The browser's side of the idle end (issue 31 item 6): the server ends a session after the idle time its token
 * names (inaktivNachSekunden); the page locks at the same moment, so nothing stays readable on a screen left alone.
 * Activity is what the server counts: every successful call, and the keep-alive that input on the page sends when
 * the page has not asked the server for a minute. A held session (a video session in progress) never locks.
 */
export function useIdleWatch({ session, locked, onIdle, keepAlive }: IdleWatchOptions): IdleWatch {
  const lastContact = useRef(0);
  const lastShared = useRef(0);
  const lastKeepAlive = useRef(0);
  const holds = useRef(0);

  const noteActivity = useCallback(() => {
    const now = Date.now();
    lastContact.current = now;
    if (now - lastShared.current >= SHARE_EVERY_MS) {
      lastShared.current = now;
      writeShared(now);
    }
  }, []);

  const hold = useCallback(() => {
    holds.current += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      holds.current -= 1;
      // the idle time starts when the video session ends
      noteActivity();
    };
  }, [noteActivity]);

  const idleMs = session?.inaktivNachSekunden ? session.inaktivNachSekunden * 1000 : null;
  useEffect(() => {
    if (idleMs === null || locked) return;
    // a session starts (login, restore, unlock) as in use
    noteActivity();
    const lastActivity = () => Math.max(lastContact.current, readShared());
    const check = () => {
      if (holds.current > 0) noteActivity();
      else if (Date.now() - lastActivity() >= idleMs) onIdle();
    };
    const onInput = () => {
      const now = Date.now();
      if (now - lastActivity() < KEEP_ALIVE_AFTER_MS || now - lastKeepAlive.current < KEEP_ALIVE_AFTER_MS) return;
      lastKeepAlive.current = now;
      keepAlive();
    };
    const timer = setInterval(check, CHECK_EVERY_MS);
    document.addEventListener('visibilitychange', check);
    for (const type of INPUT_EVENTS) window.addEventListener(type, onInput, { capture: true, passive: true });
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
      for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, { capture: true });
    };
  }, [idleMs, locked, noteActivity, onIdle, keepAlive]);

  return { noteActivity, hold };
}
