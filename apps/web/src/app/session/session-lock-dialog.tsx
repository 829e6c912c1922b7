import { SITZUNG_ENDE_TEXTS } from '@dihs/contract/auth';
import { ERROR_CODES } from '@dihs/contract/common/errors';
import { MESSAGES } from '@dihs/contract/common/messages';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { LoginForm } from '../shell/login/login-form.tsx';
import type { SessionLock } from './session-lock.ts';

interface SessionLockDialogProps {
  lock: SessionLock;
  /** The locked session's account: only it may go on. */
  email: string;
  /** The idle time the token named, for the text. */
  idleSeconds: number | undefined;
  onLogout: () => void;
}

const ACCOUNT_REFUSALS: readonly (string | undefined)[] = [ERROR_CODES.accountLocked, ERROR_CODES.accountInactive];

/** Title and text of the lock: an idle end names the idle time, anything else is the spec's "Login abgelaufen". */
function wording(lock: SessionLock, idleSeconds: number | undefined): { title: string; text: string } {
  const idle = lock.cause === 'inaktiv' || lock.code === ERROR_CODES.sessionIdle;
  if (!idle) return { title: MESSAGES.loginAbgelaufenTitel, text: MESSAGES.loginAbgelaufenText };
  const text = idleSeconds ? SITZUNG_ENDE_TEXTS.inaktiv(Math.round(idleSeconds / 60)) : MESSAGES.sitzungInaktiv;
  return { title: SITZUNG_ENDE_TEXTS.inaktivTitel, text };
}

/**
 * The lock over a page whose session ended (issue 31 item 6): the page stays mounted beneath, hidden by an opaque
 * backdrop (nothing of it stays readable on a screen left alone), with what was typed into it. The same account
 * logs in again here and goes on where it was; "Abmelden" leaves for the start page. A locked or deactivated account
 * reads why and whom to contact instead, and can only leave.
 */
export function SessionLockDialog({ lock, email, idleSeconds, onLogout }: SessionLockDialogProps) {
  const titleId = useId();
  const textId = useId();
  const accountRefused = ACCOUNT_REFUSALS.includes(lock.code);
  const { title, text } = accountRefused
    ? { title: SITZUNG_ENDE_TEXTS.kontoGesperrtTitel, text: lock.message ?? MESSAGES.loginInaktiv }
    : wording(lock, idleSeconds);
  return (
    <Dialog
      open
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
      // no onClose: only the dialog's own buttons end the lock, Escape or a click beside it would uncover the page
      slotProps={{ backdrop: { sx: { backgroundColor: 'background.default' } } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ pb: 1 }}>
        <DialogContentText id={textId}>{text}</DialogContentText>
        {!accountRefused && <DialogContentText sx={{ mt: 1 }}>{SITZUNG_ENDE_TEXTS.eingabenBleiben}</DialogContentText>}
      </DialogContent>
      {accountRefused ? (
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" onClick={onLogout} autoFocus>
            {SITZUNG_ENDE_TEXTS.ok}
          </Button>
        </DialogActions>
      ) : (
        <LoginForm
          email={email}
          onCancel={onLogout}
          cancelLabel={SITZUNG_ENDE_TEXTS.abmelden}
          submitLabel={SITZUNG_ENDE_TEXTS.erneutAnmelden}
          // the session context continues the locked page with the new token; nothing to navigate
          onLoggedIn={() => undefined}
        />
      )}
    </Dialog>
  );
}
