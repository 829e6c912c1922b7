import { fillPath, ROUTES } from '@dihs/contract/common/routes';
import { formatDateTimeUhr, TIME_ZONE } from '@dihs/contract/common/time';
import { VIDEO_MESSAGES, VIEW_MODES, type Member, type ViewMode } from '@dihs/contract/video';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { NotificationPermissionButton } from '../../../components/notification-permission-button.tsx';
import { useFocusedRoom } from '../../../lib/focused-room.ts';
import { ConferenceStage, memberName } from '../components/conference-stage.tsx';
import { ConnectionStatus, DirectConnectionNotice } from '../components/connection-status.tsx';
import { LeaveSessionButton } from '../components/leave-session-button.tsx';
import { SessionDialogs } from '../components/session-dialogs.tsx';
import { SessionPageFrame, SessionPreparation } from '../components/session-page-frame.tsx';
import { SessionToolbar } from '../components/session-toolbar.tsx';
import { useConference, type Conference, type SessionNotice } from '../hooks/use-conference.ts';
import { usePreparedSession } from '../hooks/use-prepared-session.ts';
import { effectiveMode, layoutTiles } from '../layout/view-mode.ts';

const EXIT = ROUTES.therapeutTermine.path;

/**
 * The height the pictures may take on a wide screen: the viewport minus the heading, the info row and the toolbar
 * (the focused room has no top bar), so that at 1280×800 pictures, controls and the reports beside them show
 * without scrolling.
 */
const STAGE_HEIGHT = 'calc(100dvh - 280px)';

const LEAVE_TEXT =
  'Sie verlassen die Videositzung; für die Teilnehmer läuft sie weiter, und Sie können ihr wieder beitreten. Um sie für alle zu beenden, wählen Sie „Sitzung beenden“.';

const uhrzeit = new Intl.DateTimeFormat('de-DE', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' });

const VIEW_MODE_LABELS: Record<ViewMode, string> = {
  [VIEW_MODES.grid]: 'Raster (18)',
  [VIEW_MODES.highlighted]: 'Hervorgehoben (117)',
  [VIEW_MODES.oneOnOne]: 'Einzeln (11)',
};

/** /video/therapie/therapeut/{conferenceId}: the therapist's session with moderation (spec 3 "Video sessions"). */
export function TherapistSessionPage() {
  return (
    <SessionPageFrame exitPath={EXIT}>
      {(conferenceId) => <TherapistSession conferenceId={conferenceId} />}
    </SessionPageFrame>
  );
}

function TherapistSession({ conferenceId }: { conferenceId: number }) {
  const navigate = useNavigate();
  const prepared = usePreparedSession(conferenceId);
  const [left, setLeft] = useState<SessionNotice | null>(null);
  const [mode, setMode] = useState<ViewMode>(VIEW_MODES.grid);
  const [confirmEnd, setConfirmEnd] = useState(false);
  const localStream = prepared.phase === 'ready' ? prepared.localStream : null;
  const conference = useConference(conferenceId, localStream, left === null);
  const notYours = prepared.phase === 'refused' && prepared.refusal.title === VIDEO_MESSAGES.nichtIhre;
  // the therapist joins as soon as camera and session are ready: from then on only the session shows
  useFocusedRoom(prepared.phase === 'ready');

  useEffect(() => {
    // a session of another therapist sends the viewer to the own appointments (spec 3 "Video sessions")
    if (!notYours) return;
    const timer = setTimeout(() => void navigate(EXIT, { replace: true }), 3000);
    return () => clearTimeout(timer);
  }, [notYours, navigate]);

  if (prepared.phase !== 'ready') return <SessionPreparation prepared={prepared} exitPath={EXIT} />;

  const { state, selfId } = conference;
  const einzel = (state?.termintyp ?? prepared.info?.termintyp) === 'EINZEL';
  const patients = (state?.members ?? []).filter((m) => m.userId !== selfId).sort((a, b) => a.joinSeq - b.joinSeq);
  const shownMode = effectiveMode(mode, einzel);
  const info = prepared.info;

  const leave = (title: string) => {
    conference.leave();
    setLeft({ title, text: '' });
  };
  const endSession = () => {
    conference.send({ command: 'endConference', conferenceId });
    leave(VIDEO_MESSAGES.beendet);
  };

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 340px' },
        alignItems: 'start',
      }}
    >
      <Stack spacing={1} sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          {info && (
            <Typography sx={{ flexGrow: 1 }}>
              {info.befund} · {formatDateTimeUhr(info.datum)}
            </Typography>
          )}
          <NotificationPermissionButton />
          {state && !einzel && (
            <ToggleButtonGroup
              exclusive
              size="small"
              value={mode}
              aria-label="Ansicht"
              onChange={(_, value: ViewMode | null) => value !== null && setMode(value)}
            >
              {[VIEW_MODES.grid, VIEW_MODES.highlighted, VIEW_MODES.oneOnOne].map((value) => (
                <ToggleButton key={value} value={value}>
                  {VIEW_MODE_LABELS[value]}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          )}
        </Stack>
        <ConnectionStatus status={conference.status} onReconnect={conference.reconnect} />
        <DirectConnectionNotice e2eeFallback={conference.state?.e2eeFallback ?? false} />
        {state === null ? (
          <LoadingIndicator label="Verbindung wird aufgebaut" />
        ) : (
          <>
            {state.locked && (
              <Alert severity="info" role="status">
                {VIDEO_MESSAGES.gesperrt}: neue Teilnehmer werden nicht eingelassen.
              </Alert>
            )}
            {patients.length === 0 && <Typography role="status">Noch keine Teilnehmer in der Sitzung.</Typography>}
            <ConferenceStage
              tiles={layoutTiles({
                mode: shownMode,
                others: patients.map((p) => p.userId),
                highlighted: state.highlighted,
              })}
              members={state.members}
              remotes={conference.remotes}
              localStream={localStream}
              audioMuted={conference.audioMuted}
              videoMuted={conference.videoMuted}
              maxHeight={STAGE_HEIGHT}
            />
          </>
        )}
        <SessionToolbar conference={conference} forcedMuted={false}>
          <Button
            variant="outlined"
            disabled={state === null}
            startIcon={state?.locked ? <LockOpenIcon /> : <LockIcon />}
            onClick={() =>
              conference.send({ command: state?.locked ? 'unlockConference' : 'lockConference', conferenceId })
            }
          >
            {state?.locked ? 'Sitzung aufschließen' : 'Sitzung zuschließen'}
          </Button>
          <LeaveSessionButton
            variant="outlined"
            color="primary"
            text={LEAVE_TEXT}
            onLeave={() => leave(VIDEO_MESSAGES.terminBeendet)}
          />
          <Button variant="contained" color="error" disabled={state === null} onClick={() => setConfirmEnd(true)}>
            Sitzung beenden
          </Button>
        </SessionToolbar>
      </Stack>
      {state && <Participants conference={conference} conferenceId={conferenceId} patients={patients} />}
      <ConfirmDialog
        open={confirmEnd}
        title="Sitzung für alle beenden?"
        text="Die Sitzung wird für alle Teilnehmer beendet. Danach kann niemand ihr wieder beitreten. Wenn Sie nur selbst gehen möchten, wählen Sie „Sitzung verlassen“."
        confirmLabel="Für alle beenden"
        destructive
        onCancel={() => setConfirmEnd(false)}
        onConfirm={() => {
          setConfirmEnd(false);
          endSession();
        }}
      />
      <SessionDialogs conference={conference} left={left} exitPath={EXIT} />
    </Box>
  );
}

function Participants({
  conference,
  conferenceId,
  patients,
}: {
  conference: Conference;
  conferenceId: number;
  patients: Member[];
}) {
  const [kicking, setKicking] = useState<Member | null>(null);
  const state = conference.state;
  if (!state) return null;
  const byId = new Map(patients.map((p) => [p.userId, p]));
  const kickingName = kicking ? memberName(kicking) : '';
  return (
    <Stack
      component="aside"
      aria-label="Meldungen und Teilnehmer"
      spacing={2}
      sx={{ maxHeight: { md: 'calc(100dvh - 116px)' }, overflowY: { md: 'auto' }, minWidth: 0 }}
    >
      {/* Reports first: a raised hand must never be below the fold. */}
      <Box component="section" aria-labelledby="meldungen-titel">
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }} id="meldungen-titel">
          Meldungen
        </Typography>
        {state.meldungen.length === 0 ? (
          <Typography>Keine Meldungen</Typography>
        ) : (
          <List dense component="ol" aria-labelledby="meldungen-titel" disablePadding>
            {state.meldungen.map((meldung, index) => {
              const member = byId.get(meldung.userId);
              const name = member ? memberName(member) : `Teilnehmer ${meldung.userId}`;
              return (
                <ListItem key={meldung.userId} data-meldung-id={meldung.userId} sx={{ gap: 1, flexWrap: 'wrap' }}>
                  <Typography sx={{ flexGrow: 1 }}>
                    {index + 1}. {name} meldet sich
                    <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
                      seit {uhrzeit.format(new Date(meldung.since))} Uhr
                    </Typography>
                  </Typography>
                  <Button
                    size="small"
                    variant="outlined"
                    aria-label={`Meldung von ${name} beenden`}
                    onClick={() => conference.send({ command: 'endMeldung', conferenceId, userId: meldung.userId })}
                  >
                    Meldung beenden
                  </Button>
                </ListItem>
              );
            })}
          </List>
        )}
      </Box>
      <Box component="section" aria-labelledby="teilnehmer-titel">
        <Typography id="teilnehmer-titel" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          Teilnehmer
        </Typography>
        <List dense disablePadding>
          {patients.map((member) => (
            <ParticipantRow
              key={member.userId}
              member={member}
              highlighted={state.highlighted === member.userId}
              send={conference.send}
              conferenceId={conferenceId}
              onKick={() => setKicking(member)}
            />
          ))}
        </List>
      </Box>
      <ConfirmDialog
        open={kicking !== null}
        title={`${kickingName} aus der Sitzung entfernen?`}
        text={`${kickingName} verlässt die Sitzung sofort und kann ihr nicht wieder beitreten.`}
        confirmLabel="Entfernen"
        destructive
        onCancel={() => setKicking(null)}
        onConfirm={() => {
          if (kicking) conference.send({ command: 'kickMember', conferenceId, memberName: String(kicking.userId) });
          setKicking(null);
        }}
      />
    </Stack>
  );
}

/** One participant with the therapist's controls: highlight, microphone, file, remove. */
function ParticipantRow({
  member,
  highlighted,
  send,
  conferenceId,
  onKick,
}: {
  member: Member;
  highlighted: boolean;
  send: Conference['send'];
  conferenceId: number;
  onKick: () => void;
}) {
  const name = memberName(member);
  const microphone = member.mutedByTherapist
    ? ' · Mikrofon von Ihnen stummgeschaltet'
    : member.audioMuted
      ? ' · Mikrofon aus'
      : '';
  return (
    <ListItem data-member-id={member.userId} sx={{ flexWrap: 'wrap', gap: 1, px: 0 }}>
      <Typography sx={{ width: '100%' }}>
        {name}
        {microphone}
        {member.videoMuted ? ' · Kamera aus' : ''}
      </Typography>
      <Button
        size="small"
        variant={highlighted ? 'contained' : 'outlined'}
        aria-pressed={highlighted}
        aria-label={highlighted ? `Hervorhebung von ${name} beenden` : `${name} hervorheben`}
        onClick={() => send({ command: 'highlight', conferenceId, userId: highlighted ? null : member.userId })}
      >
        {highlighted ? 'Hervorhebung beenden' : 'Hervorheben'}
      </Button>
      <Button
        size="small"
        variant="outlined"
        aria-label={member.mutedByTherapist ? `Stummschaltung von ${name} aufheben` : `${name} stummschalten`}
        onClick={() =>
          send({ command: 'userMuted', conferenceId, userId: member.userId, muted: !member.mutedByTherapist })
        }
      >
        {member.mutedByTherapist ? 'Stummschaltung aufheben' : 'Stummschalten'}
      </Button>
      <Link
        href={fillPath(ROUTES.nutzerProfil.path, { userId: member.userId })}
        target="_blank"
        rel="noopener"
        aria-label={`Akte von ${name} öffnen (neuer Tab)`}
      >
        Akte öffnen
      </Link>
      <Button
        size="small"
        color="error"
        variant="outlined"
        aria-label={`${name} aus der Sitzung entfernen`}
        onClick={onKick}
      >
        Entfernen
      </Button>
    </ListItem>
  );
}
