import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** Says that the page moves on, and does so after the given seconds (long enough to read the message first). */
export function RedirectAfter({ to, seconds, label }: { to: string; seconds: number; label: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate(to, { replace: true }), seconds * 1000);
    return () => clearTimeout(timer);
  }, [navigate, to, seconds]);
  return (
    <Typography color="text.secondary">
      Sie werden in {seconds} Sekunden {label} weitergeleitet.
    </Typography>
  );
}
