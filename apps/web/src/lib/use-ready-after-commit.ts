import { startTransition, useEffect, useState } from 'react';

/**
 * False until a render with `when` true has been committed, then true for good, set in a background pass. A page
 * shows its top first and what is below one pass later: the first paint is not held back by the rest.
 */
export function useReadyAfterCommit(when: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (when && !ready) startTransition(() => setReady(true));
  }, [when, ready]);
  return ready;
}
