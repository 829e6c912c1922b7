import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { LoadingIndicator } from '../components/loading-indicator.tsx';
import { useSession } from '../lib/session-context.ts';

/**
 * The app-mode video route carries the patient's bearer in its path (spec 3, section 2): it logs in
 * with that token first, and only then lets the guard judge the route.
 */
export function BearerLogin({ children }: { children: ReactNode }) {
  const { bearer } = useParams();
  const { token, login } = useSession();
  const [refusedBearer, setRefusedBearer] = useState<string | null>(null);
  const pending = Boolean(bearer) && bearer !== token && bearer !== refusedBearer;

  useEffect(() => {
    if (!pending || !bearer) return;
    let active = true;
    void login(bearer).then((session) => {
      // an invalid or expired bearer leaves the viewer logged out; the guard then redirects
      if (active && !session) setRefusedBearer(bearer);
    });
    return () => {
      active = false;
    };
  }, [pending, bearer, login]);

  return pending ? <LoadingIndicator /> : children;
}
