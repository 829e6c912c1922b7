import { useEffect, useRef } from 'react';

/**
 * A ref whose element takes the focus when it appears, if `active` then. For a result that replaces the focused
 * control (a form giving way to its summary): without it the keyboard focus falls back to the page body and a
 * keyboard user starts again at the top (issue 32 item 13). A non-focusable element needs tabIndex={-1}.
 */
export function useFocusOnMount<T extends HTMLElement>(active: boolean) {
  const ref = useRef<T>(null);
  const activeAtMount = useRef(active);
  useEffect(() => {
    if (activeAtMount.current) ref.current?.focus();
  }, []);
  return ref;
}
