import { REZEPT_BESTAETIGUNG_MS } from '@dihs/contract/rezept';
import { useEffect, useRef, useState } from 'react';

/**
 * The two-step confirm of reject, bill and delete (spec 2 section 4): arming shows what will happen, and it happens
 * after REZEPT_BESTAETIGUNG_MS unless Abbrechen resets it first. Closing the screen resets it too.
 */
export function useArmedAction<A extends string>(run: (action: A) => void) {
  const [armed, setArmed] = useState<A | null>(null);
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(() => {
    if (armed === null) return;
    const timer = setTimeout(() => {
      setArmed(null);
      latest.current(armed);
    }, REZEPT_BESTAETIGUNG_MS);
    return () => clearTimeout(timer);
  }, [armed]);
  return { armed, arm: setArmed, abort: () => setArmed(null) };
}
