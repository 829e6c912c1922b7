import { useEffect, useSyncExternalStore } from 'react';

/**
 * A focused room (issue 33 item 5): while a video session is joined, the shell shows only the page, no header, menus,
 * footer or cookie notice, so nothing invites a click away mid-session. The session page switches it on; the shell
 * reads it. A count, not a flag: a page that unmounts while another mounts never switches it off for the other.
 */
let focusedPages = 0;
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The calling page is a focused room while `active`. */
export function useFocusedRoom(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    focusedPages += 1;
    changed();
    return () => {
      focusedPages -= 1;
      changed();
    };
  }, [active]);
}

/** Whether a page asks for the focused room now. */
export function useIsFocusedRoom(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => focusedPages > 0,
    () => false,
  );
}
