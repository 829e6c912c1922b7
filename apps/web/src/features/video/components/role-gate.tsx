import { checkGuard, ROUTES, type RouteGuard } from '@dihs/contract/common/routes';
import { VIDEO_MESSAGES } from '@dihs/contract/video';
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { useSession } from '../../../lib/session-context.ts';

/** How long "Unberechtigter Zugriff!" stays before the viewer is sent to the start page. */
const NOTICE_MS = 3000;

/**
 * A logged-in viewer of the wrong role sees "Unberechtigter Zugriff!" and then goes to / (spec 3 section 8);
 * everyone else passes to the route's guard.
 */
export function VideoRoleGate({ guard, children }: { guard: RouteGuard; children: ReactNode }) {
  const { session } = useSession();
  const navigate = useNavigate();
  const denied = session !== null && 'redirect' in checkGuard(guard, session);
  const leave = () => void navigate(ROUTES.start.path, { replace: true });

  useEffect(() => {
    if (!denied) return;
    const timer = setTimeout(() => void navigate(ROUTES.start.path, { replace: true }), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [denied, navigate]);

  if (!denied) return children;
  return <MessageDialog open title={VIDEO_MESSAGES.unberechtigt} text="" onClose={leave} />;
}
