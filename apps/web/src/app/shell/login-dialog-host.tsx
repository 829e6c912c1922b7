import { Suspense, useState } from 'react';
import { lazyPage } from '../lazy-page.ts';
import { useLoginDialogParam } from '../../lib/login-param.ts';
import { useSession } from '../../lib/session-context.ts';

// the dialog and its form fields load on first use: most visitors of the start page never open it
const LoginDialog = lazyPage(() => import('./login/login-dialog.tsx'), 'LoginDialog');

/** Shows the login dialog while the address has ?login and nobody is logged in. */
export function LoginDialogHost() {
  const { open, closeDialog } = useLoginDialogParam();
  const { session } = useSession();
  const wanted = open && !session;
  // once loaded it stays mounted, so that closing can play the dialog's exit transition
  const [loaded, setLoaded] = useState(wanted);
  if (wanted && !loaded) setLoaded(true);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialog open={wanted} onClose={closeDialog} />
    </Suspense>
  );
}
