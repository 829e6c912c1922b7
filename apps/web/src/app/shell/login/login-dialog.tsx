import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { LoginForm } from './login-form.tsx';
import { PasswordResetForm } from './password-reset-form.tsx';

interface LoginDialogProps {
  open: boolean;
  onClose: () => void;
}

function LoginDialogBody({ onClose }: { onClose: () => void }) {
  const [view, setView] = useState<'login' | 'reset'>('login');
  const [email, setEmail] = useState('');
  return view === 'login' ? (
    <LoginForm email={email} onEmailChange={setEmail} onForgotPassword={() => setView('reset')} onCancel={onClose} />
  ) : (
    <PasswordResetForm
      email={email}
      onEmailChange={setEmail}
      onBackToLogin={() => setView('login')}
      onClose={onClose}
    />
  );
}

/** The login dialog (spec 1, section 2.5); everything typed into it is forgotten when it closes. */
export function LoginDialog({ open, onClose }: LoginDialogProps) {
  const titleId = useId();
  // a new body for every opening: the spec resets the dialog's state whenever it closes
  const [openings, setOpenings] = useState(open ? 1 : 0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpenings((count) => count + 1);
  }
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Login</DialogTitle>
      <LoginDialogBody key={openings} onClose={onClose} />
    </Dialog>
  );
}
