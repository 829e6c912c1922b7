import LogoutIcon from '@mui/icons-material/Logout';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

/**
 * „Sitzung verlassen“, asked first (issue 33 item 5): a stray click mid-session must not end it for the viewer. The
 * dialog says what happens to the session; cancelling keeps everything as it was.
 */
export function LeaveSessionButton({
  text,
  onLeave,
  variant = 'contained',
  color = 'error',
}: {
  text: string;
  onLeave: () => void;
  variant?: ButtonProps['variant'];
  color?: ButtonProps['color'];
}) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button variant={variant} color={color} startIcon={<LogoutIcon />} onClick={() => setAsking(true)}>
        Sitzung verlassen
      </Button>
      <ConfirmDialog
        open={asking}
        title="Sitzung verlassen?"
        text={text}
        confirmLabel="Sitzung verlassen"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          onLeave();
        }}
      />
    </>
  );
}
