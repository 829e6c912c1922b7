import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { defaultNotificationApi, type NotificationApi } from '../lib/notification-api.ts';

const HINWEIS =
  'Betritt jemand den Warteraum Ihrer Videositzungen, hören Sie einen Ton und sehen einen Hinweis in der Anwendung. ' +
  'Mit Ihrer Erlaubnis zeigt der Browser zusätzlich eine Benachrichtigung, auch wenn ein anderes Fenster vorne ist.';

/**
 * „Benachrichtigungen erlauben“ (issue 33 item 5): asks the browser for notifications, from the therapist's click
 * (browsers refuse or ignore a request without a user gesture). Gone once the therapist decided (granted or denied)
 * and where the browser has no notifications; a denial is the therapist's to undo in the browser's settings.
 * `hint`: with a sentence on what it is for (the appointments page); without it, the button alone (the session).
 */
export function NotificationPermissionButton({
  api = defaultNotificationApi(),
  hint = false,
}: {
  api?: NotificationApi;
  hint?: boolean;
}) {
  const [permission, setPermission] = useState<NotificationPermission | 'unsupported'>(() =>
    api ? api.permission : 'unsupported',
  );
  if (!api || permission !== 'default') return null;
  const ask = async () => {
    try {
      setPermission(await api.requestPermission());
    } catch {
      setPermission(api.permission);
    }
  };
  const button = (
    <Button
      variant="outlined"
      size="small"
      color={hint ? 'inherit' : 'primary'}
      startIcon={<NotificationsActiveIcon />}
      onClick={() => void ask()}
      sx={{ flexShrink: 0 }}
    >
      Benachrichtigungen erlauben
    </Button>
  );
  if (!hint) return button;
  return (
    <Alert
      severity="info"
      // a standing hint, not news: no announcement when the page opens
      role="note"
      sx={{
        mb: 3,
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        '& .MuiAlert-action': { pl: { xs: 0, sm: 2 }, ml: { xs: 0, sm: 'auto' } },
      }}
      action={button}
    >
      {HINWEIS}
    </Alert>
  );
}
