import { fillPath, ROUTES } from '@dihs/contract/common/routes';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ButtonLink } from '../../../components/button-link.tsx';
import { useSession } from '../../../lib/session-context.ts';
import {
  connectWaitingRoom,
  type WaitingPatient,
  type WaitingRoomConnect,
} from '../waiting-room/waiting-room-listener.ts';
import { playWaitingChime, showWaitingNotification } from '../waiting-room/waiting-room-signals.ts';

/** At most this many notices at once: the oldest goes first. */
const MAX_NOTICES = 5;

const sessionPath = (conferenceId: number) => fillPath(ROUTES.videosessionTherapeut.path, { conferenceId });
const keyOf = (patient: WaitingPatient) => `${patient.conferenceId}-${patient.vorname}-${patient.nachname}`;

interface WaitingRoomAlertsProps {
  /** The signaling subscription (tests pass their own). */
  connect?: WaitingRoomConnect;
  chime?: () => void;
  notify?: (conferenceId: number, onClick: () => void) => void;
}

/**
 * The therapist's notice of a patient entering a waiting room (issue 33 item 5), on every page of the app: a notice on
 * the page naming the patient with the way to the session, a short sound, and a system notification if allowed.
 * Nothing is stored: the notices live in this page's memory until closed or the session is opened.
 */
export function WaitingRoomAlerts({
  connect = connectWaitingRoom,
  chime = playWaitingChime,
  notify = showWaitingNotification,
}: WaitingRoomAlertsProps) {
  const { session, token } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [notices, setNotices] = useState<WaitingPatient[]>([]);
  const userId = session?.role === 'THERAPEUT' ? session.userId : undefined;

  // the page the therapist is on, for the messages of the subscription (not a reason to subscribe again)
  const pathnameRef = useRef(pathname);
  useEffect(() => {
    pathnameRef.current = pathname;
  }, [pathname]);

  useEffect(() => {
    if (!token || userId === undefined) return;
    const close = (patient: WaitingPatient) =>
      setNotices((current) => current.filter((n) => keyOf(n) !== keyOf(patient)));
    return connect({
      token,
      userId,
      onWaiting: (patient) => {
        const path = sessionPath(patient.conferenceId);
        // on that session's page the therapist sees the patient arrive anyway (the page is about to join)
        if (pathnameRef.current !== path) {
          setNotices((current) => [...current.filter((n) => keyOf(n) !== keyOf(patient)), patient].slice(-MAX_NOTICES));
        }
        chime();
        notify(patient.conferenceId, () => {
          close(patient);
          void navigate(path);
        });
      },
    });
  }, [connect, chime, notify, navigate, token, userId]);

  const close = (patient: WaitingPatient) =>
    setNotices((current) => current.filter((n) => keyOf(n) !== keyOf(patient)));

  return (
    // a live region present from the start, so a screen reader announces each notice as it comes
    <Box
      role="status"
      sx={{
        position: 'fixed',
        bottom: 16,
        right: 16,
        left: { xs: 16, sm: 'auto' },
        maxWidth: { sm: 440 },
        zIndex: 'snackbar',
      }}
    >
      {notices.length > 0 && (
        <Stack component="aside" aria-label="Warteraum" spacing={1}>
          {notices.map((patient) => {
            const name = `${patient.vorname} ${patient.nachname}`.trim() || 'Jemand';
            return (
              <Alert
                key={keyOf(patient)}
                severity="info"
                sx={{ boxShadow: 6 }}
                action={
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                    <ButtonLink
                      size="small"
                      variant="outlined"
                      to={sessionPath(patient.conferenceId)}
                      onClick={() => close(patient)}
                    >
                      Zur Sitzung
                    </ButtonLink>
                    <IconButton
                      color="inherit"
                      size="small"
                      aria-label={`Hinweis zu ${name} schließen`}
                      onClick={() => close(patient)}
                    >
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  </Stack>
                }
              >
                {name} ist im Warteraum.
              </Alert>
            );
          })}
        </Stack>
      )}
    </Box>
  );
}
