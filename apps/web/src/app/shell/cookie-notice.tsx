import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';

export const COOKIE_NOTICE_KEY = 'dihs.cookieHinweis';

function isDismissed(): boolean {
  try {
    return localStorage.getItem(COOKIE_NOTICE_KEY) === 'verstanden';
  } catch {
    return false;
  }
}

/** The cookie notice of spec 3: we store only what the service needs, so it informs and asks nothing. */
export function CookieNotice() {
  const [visible, setVisible] = useState(() => !isDismissed());
  if (!visible) return null;

  const dismiss = () => {
    try {
      localStorage.setItem(COOKIE_NOTICE_KEY, 'verstanden');
    } catch {
      // without storage the notice comes back on the next visit, which is harmless
    }
    setVisible(false);
  };

  return (
    <Paper
      role="region"
      aria-label="Cookie-Hinweis"
      elevation={6}
      square
      sx={{
        // sticky as the page's last element: it follows the viewport, yet never covers the footer's links
        position: 'sticky',
        bottom: 0,
        // above the page, below drawers and dialogs
        zIndex: 'appBar',
        px: { xs: 2, md: 4 },
        py: 2,
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { sm: 'center' },
        gap: 2,
      }}
    >
      <Typography variant="body2" sx={{ flexGrow: 1 }}>
        Wir verwenden keine Cookies für Werbung oder Analyse. In Ihrem Browser speichern wir nur, was technisch
        notwendig ist, zum Beispiel Ihre Anmeldung, damit Sie eingeloggt bleiben. Mehr dazu in unserer{' '}
        <Link component={RouterLink} to="/datenschutz">
          Datenschutzerklärung
        </Link>
        .
      </Typography>
      <Button variant="contained" onClick={dismiss} sx={{ flexShrink: 0 }}>
        Verstanden
      </Button>
    </Paper>
  );
}
