/**
 * The tabs of one browser share one stored login (lib/auth-storage.ts): when one tab logs in or out, the others follow
 * at once instead of at their next call or reload. A message says only what happened; the token stays in the
 * encrypted storage, from where a tab reads it. Without BroadcastChannel each tab follows at its next reload.
 */
export type SessionEvent = 'angemeldet' | 'abgemeldet';

const CHANNEL = 'dihs.sitzung';

export interface SessionBroadcast {
  /** Tells the other tabs; a tab never hears its own message. */
  announce: (event: SessionEvent) => void;
  close: () => void;
}

export function openSessionBroadcast(onEvent: (event: SessionEvent) => void): SessionBroadcast {
  if (typeof BroadcastChannel === 'undefined') return { announce: () => undefined, close: () => undefined };
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (message: MessageEvent<unknown>) => {
    if (message.data === 'angemeldet' || message.data === 'abgemeldet') onEvent(message.data);
  };
  return {
    announce: (event) => channel.postMessage(event),
    close: () => channel.close(),
  };
}
