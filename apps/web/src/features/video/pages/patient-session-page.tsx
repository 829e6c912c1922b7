import { ROUTES } from '@dihs/contract/common/routes';
import { VIDEO_MESSAGES, VIEW_MODES } from '@dihs/contract/video';
import PanToolIcon from '@mui/icons-material/PanTool';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useParams } from 'react-router';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { formatDateTimeDe } from '../../../lib/format.ts';
import { ConferenceStage } from '../components/conference-stage.tsx';
import { ConnectionStatus } from '../components/connection-status.tsx';
import { SelfControls } from '../components/self-controls.tsx';
import { SessionDialogs } from '../components/session-dialogs.tsx';
import { SessionRefusal } from '../components/session-refusal.tsx';
import { VideoTile } from '../components/video-tile.tsx';
import { useConference, type SessionNotice } from '../hooks/use-conference.ts';
import { usePreparedSession } from '../hooks/use-prepared-session.ts';
import { layoutTiles } from '../layout/view-mode.ts';

const EXIT = ROUTES.cockpit.path;

export const parseConferenceId = (value: string | undefined): number | null =>
  value !== undefined && /^\d{1,10}$/.test(value) && Number(value) > 0 && Number(value) <= 2_147_483_647
    ? Number(value)
    : null;

/**
 * /video/therapie/patient/{conferenceId} (and the app-mode route): own preview, "Sitzung beitreten", the waiting
 * room until the therapist is there, then the conference (spec 3 "Video sessions", section 4).
 */
export function PatientSessionPage() {
  const conferenceId = parseConferenceId(useParams().conferenceId);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Videositzung
      </Typography>
      {conferenceId === null ? (
        <SessionRefusal refusal={{ title: VIDEO_MESSAGES.unbekannt, text: '' }} exitPath={EXIT} />
      ) : (
        <PatientSession conferenceId={conferenceId} />
      )}
    </Container>
  );
}

function PatientSession({ conferenceId }: { conferenceId: number }) {
  const prepared = usePreparedSession(conferenceId);
  const [joining, setJoining] = useState(false);
  const [left, setLeft] = useState<SessionNotice | null>(null);
  const localStream = prepared.phase === 'ready' ? prepared.localStream : null;
  const conference = useConference(conferenceId, localStream, joining && left === null);

  if (prepared.phase === 'loading') return <LoadingIndicator label="Sitzung wird vorbereitet" />;
  if (prepared.phase === 'refused') return <SessionRefusal refusal={prepared.refusal} exitPath={EXIT} />;

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
          {info.befund} · {formatDateTimeDe(info.datum)} · {info.therapeut.vorname} {info.therapeut.nachname}
        </Typography>
      )}
      <ConnectionStatus status={conference.status} onReconnect={conference.reconnect} />
      {!joining ? (
        <>
          <VideoTile self stream={localStream} label="Eigenes Bild" />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <SelfControls
              audioMuted={conference.audioMuted}
              videoMuted={conference.videoMuted}
              forcedMuted={false}
              onToggleAudio={conference.toggleAudio}
              onToggleVideo={conference.toggleVideo}
            />
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
              <Alert severity="info" role="status">
                {VIDEO_MESSAGES.warteraum}
              </Alert>
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
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
            role="toolbar"
            aria-label="Sitzungssteuerung"
          >
            <SelfControls
              audioMuted={conference.audioMuted}
              videoMuted={conference.videoMuted}
              forcedMuted={conference.forcedMuted}
              onToggleAudio={conference.toggleAudio}
              onToggleVideo={conference.toggleVideo}
            />
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
            <Button variant="contained" color="error" onClick={leave}>
              Sitzung verlassen
            </Button>
          </Stack>
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
