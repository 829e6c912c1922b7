import { ROUTES } from '@dihs/contract/common/routes';
import { formatDateTimeUhr } from '@dihs/contract/common/time';
import { VIDEO_MESSAGES, VIEW_MODES } from '@dihs/contract/video';
import PanToolIcon from '@mui/icons-material/PanTool';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { useFocusedRoom } from '../../../lib/focused-room.ts';
import { ConferenceStage } from '../components/conference-stage.tsx';
import { ConnectionStatus, DirectConnectionNotice } from '../components/connection-status.tsx';
import { LeaveSessionButton } from '../components/leave-session-button.tsx';
import { SessionDialogs } from '../components/session-dialogs.tsx';
import { SessionPageFrame, SessionPreparation } from '../components/session-page-frame.tsx';
import { ConferenceSelfControls, SessionToolbar } from '../components/session-toolbar.tsx';
import { VideoTile } from '../components/video-tile.tsx';
import { WaitingRoomNotice } from '../components/waiting-room-notice.tsx';
import { useConference, type SessionNotice } from '../hooks/use-conference.ts';
import { usePreparedSession } from '../hooks/use-prepared-session.ts';
import { layoutTiles } from '../layout/view-mode.ts';

const EXIT = ROUTES.cockpit.path;

const LEAVE_TEXT =
  'Sie verlassen die Videositzung. Solange sie läuft, können Sie ihr über „Sitzung starten“ bei Ihren Terminen wieder beitreten.';

/**
 * /video/therapie/patient/{conferenceId} (and the app-mode route): own preview, "Sitzung beitreten", the waiting
 * room until the therapist is there, then the conference (spec 3 "Video sessions", section 4).
 */
export function PatientSessionPage() {
  return (
    <SessionPageFrame exitPath={EXIT}>
      {(conferenceId) => <PatientSession conferenceId={conferenceId} />}
    </SessionPageFrame>
  );
}

function PatientSession({ conferenceId }: { conferenceId: number }) {
  const prepared = usePreparedSession(conferenceId);
  const [joining, setJoining] = useState(false);
  const [left, setLeft] = useState<SessionNotice | null>(null);
  const localStream = prepared.phase === 'ready' ? prepared.localStream : null;
  const conference = useConference(conferenceId, localStream, joining && left === null);
  // from „Sitzung beitreten“ on (waiting room included) only the session shows; the check before keeps the site frame
  useFocusedRoom(joining);

  if (prepared.phase !== 'ready') return <SessionPreparation prepared={prepared} exitPath={EXIT} />;

  const { state, selfId } = conference;
  const ownMeldung = state?.meldungen.some((m) => m.userId === selfId) ?? false;
  const therapist = state?.members.find((m) => m.role === 'THERAPEUT');
  const others = (state?.members ?? [])
    .filter((m) => m.userId !== selfId)
    .sort((a, b) => (a.role === 'THERAPEUT' ? -1 : b.role === 'THERAPEUT' ? 1 : a.joinSeq - b.joinSeq))
    .map((m) => m.userId);
  const inConference = state !== null && state.therapeutPresent;
  const info = prepared.info;

  const leave = () => {
    conference.leave();
    setLeft({ title: VIDEO_MESSAGES.terminBeendet, text: '' });
  };

  return (
    <Stack spacing={2}>
      {info && (
        <Typography>
          {info.befund} · {formatDateTimeUhr(info.datum)} · {info.therapeut.vorname} {info.therapeut.nachname}
        </Typography>
      )}
      <ConnectionStatus status={conference.status} onReconnect={conference.reconnect} />
      <DirectConnectionNotice e2eeFallback={conference.state?.e2eeFallback ?? false} />
      {!joining ? (
        <>
          <VideoTile self stream={localStream} label="Eigenes Bild" />
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <ConferenceSelfControls conference={conference} forcedMuted={false} />
            <Button variant="contained" onClick={() => setJoining(true)}>
              Sitzung beitreten
            </Button>
          </Stack>
        </>
      ) : (
        <>
          {state === null ? (
            <LoadingIndicator label="Verbindung wird aufgebaut" />
          ) : !inConference ? (
            <>
              <WaitingRoomNotice therapeut={info ? `${info.therapeut.vorname} ${info.therapeut.nachname}` : null} />
              <VideoTile self stream={localStream} label="Eigenes Bild" />
            </>
          ) : (
            <ConferenceStage
              tiles={layoutTiles({
                mode: VIEW_MODES.highlighted,
                others,
                highlighted: state.highlighted ?? therapist?.userId ?? null,
              })}
              members={state.members}
              remotes={conference.remotes}
              localStream={localStream}
              audioMuted={conference.audioMuted}
              videoMuted={conference.videoMuted}
            />
          )}
          <SessionToolbar conference={conference} forcedMuted={conference.forcedMuted}>
            <Button
              variant={ownMeldung ? 'contained' : 'outlined'}
              startIcon={<PanToolIcon />}
              aria-pressed={ownMeldung}
              disabled={state === null}
              onClick={() =>
                conference.send(
                  ownMeldung ? { command: 'endMeldung', conferenceId } : { command: 'meldung', conferenceId },
                )
              }
            >
              {ownMeldung ? 'Meldung zurückziehen' : 'Melden'}
            </Button>
            <LeaveSessionButton text={LEAVE_TEXT} onLeave={leave} />
          </SessionToolbar>
          {conference.forcedMuted && (
            <Alert severity="info" role="status">
              Der Therapeut hat Ihr Mikrofon stummgeschaltet.
            </Alert>
          )}
        </>
      )}
      <SessionDialogs conference={conference} left={left} exitPath={EXIT} />
    </Stack>
  );
}
