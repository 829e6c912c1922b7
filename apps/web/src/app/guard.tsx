import { checkGuard, type RouteGuard } from '@dihs/contract/common/routes';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../lib/session-context.ts';

/** Mirrors the server's access rules for navigation only (spec 1, section 2.2); the server decides for real. */
export function Guard({ guard, children }: { guard: RouteGuard; children: ReactNode }) {
  const { session } = useSession();
  const outcome = checkGuard(guard, session);
  return 'redirect' in outcome ? <Navigate to={outcome.redirect} replace /> : children;
}
