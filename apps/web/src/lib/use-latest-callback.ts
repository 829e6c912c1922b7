import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A callback that keeps its identity for the component's life and always calls the latest `fn`: for the props of
 * memoised children (a list's cards), whose handlers would otherwise be new on every render of the page and re-render
 * every card. Call it from event handlers only, not while rendering.
 */
export function useLatestCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
