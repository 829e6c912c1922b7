import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a list's `total` items to render: `step` at first, then `step` more per background pass, each after
 * the browser had a turn, until all are there; it never shrinks. A list of 50 cards rendered and committed at once
 * blocked a phone's main thread for 150-300 ms (Lighthouse's Total Blocking Time): a transition slices the render
 * but not the commit, which creates every card's DOM in one task. In passes of ten, each commit is a fifth of that.
 */
export function useGrowingCount(total: number, step = 10): number {
  const [count, setCount] = useState(step);
  useEffect(() => {
    if (count >= total) return;
    // a macrotask first: the browser paints and takes input between two passes
    const timer = setTimeout(() => startTransition(() => setCount((current) => current + step)), 0);
    return () => clearTimeout(timer);
  }, [count, total, step]);
  return Math.min(count, total);
}
