import { useEffect, useState } from 'react';

/**
 * The current time, refreshed when `nextChangeMs` (from now) has passed, so a button enables itself exactly when its
 * window opens instead of polling every second. Capped at one minute so a sleeping laptop catches up soon.
 */
export function useNow(nextChange: (nowMs: number) => number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const delay = nextChange(now);
  useEffect(() => {
    if (delay === null) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(delay, 0), 60_000));
    return () => clearTimeout(timer);
  }, [delay, now]);
  return now;
}
