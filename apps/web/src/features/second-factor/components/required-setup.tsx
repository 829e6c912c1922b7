import { useSession } from '../../../lib/session-context.ts';
import { SecondFactorDialog } from './second-factor-dialog.tsx';

/** The forced set-up (REQUIRE_2FA_ROLES): shown instead of every page while the session may do nothing else. */
export function RequiredSecondFactorSetup() {
  const { logout } = useSession();
  return <SecondFactorDialog mode="required" onClose={logout} />;
}
