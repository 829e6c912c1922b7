import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `everyMs` on the boundary of that interval (the clock ticks on the full second,
 * the time box on the full minute). The timer is cleared when the tile leaves the screen.
 */
export function useClock(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setTimeout(() => setNow(new Date()), everyMs - (now.getTime() % everyMs));
    return () => clearTimeout(timer);
  }, [everyMs, now]);
  return now;
}
