import { homePathFor, ROUTES, staticPagePath } from '@dihs/contract/common/routes';
import { FEEDBACK_TEXTS } from '@dihs/contract/feedback';
import { LOOPBACK_CONFERENCE, VIDEO_MESSAGES } from '@dihs/contract/video';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { useSession } from '../../../lib/session-context.ts';
import { ButtonLink } from '../../../components/button-link.tsx';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { sendTestMessage } from '../api/video-api.ts';
import { SessionDialogs } from '../components/session-dialogs.tsx';
import { VideoTile } from '../components/video-tile.tsx';
import { useConference, type Conference, type SessionNotice } from '../hooks/use-conference.ts';
import { usePreparedSession, type PreparedSession } from '../hooks/use-prepared-session.ts';
import { connectionProblems, sampleDirection, type Direction, type DirectionSample } from '../rtc/connection-check.ts';

/** Decided: the test gives up when no frames were decoded both ways within this time. */
const TEST_TIMEOUT_MS = 20_000;
const POLL_MS = 500;

type Outcome = { kind: 'running' } | { kind: 'success' } | { kind: 'failed'; reasons: string[] };

/**
 * /verbindungstest: a loopback conference through the real signaling and two RTCPeerConnections in this page
 * (camera → A → B and back B → A); "Verbindung erfolgreich" only when, in both directions, new video frames were
 * decoded and shown by the video element (and sound arrived); otherwise the failure names what did not work.
 */
export function ConnectionTestPage() {
  const [attempt, setAttempt] = useState(0);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Verbindungstest
      </Typography>
      <ConnectionTest key={attempt} onRetest={() => setAttempt((n) => n + 1)} />
      <Stack
        component="nav"
        aria-label="Weiterführende Seiten"
        direction="row"
        spacing={2}
        sx={{ mt: 3, flexWrap: 'wrap' }}
      >
        <ButtonLink to={staticPagePath('sturz')}>Sturzprävention</ButtonLink>
        <ButtonLink to={staticPagePath('kontakt')}>Kontakt</ButtonLink>
        <ButtonLink to={ROUTES.cockpit.path}>Cockpit</ButtonLink>
      </Stack>
    </Container>
  );
}

/** A test that cannot even measure: no camera, a refusal, or a signaling connection that gave up. */
function failureOf(prepared: PreparedSession, conference: Conference): Outcome | null {
  if (prepared.phase === 'refused') return { kind: 'failed', reasons: [prepared.refusal.title] };
  if (conference.end) return { kind: 'failed', reasons: [conference.end.title] };
  const status = conference.status.kind;
  if (status === 'failed' || status === 'reconnectButton')
    return {
      kind: 'failed',
      reasons: [`${VIDEO_MESSAGES.uebertragung}: Der Server für den Verbindungsaufbau ist nicht erreichbar.`],
    };
  return null;
}

function ConnectionTest({ onRetest }: { onRetest: () => void }) {
  const { session } = useSession();
  const prepared = usePreparedSession(null);
  const [measured, setOutcome] = useState<Outcome>({ kind: 'running' });
  const [left, setLeft] = useState<SessionNotice | null>(null);
  const localStream = prepared.phase === 'ready' ? prepared.localStream : null;
  // After success the pictures keep running (stopping them turned both black right under "Verbindung erfolgreich");
  // "Test beenden" ends them.
  const conference = useConference(LOOPBACK_CONFERENCE, localStream, measured.kind !== 'failed' && left === null);
  const outcome = measured.kind === 'running' ? (failureOf(prepared, conference) ?? measured) : measured;
  const { peers, selfId, send } = conference;
  const joined = conference.status.kind === 'joined';
  const receivedVideo = useRef<HTMLVideoElement | null>(null);
  const returnedVideo = useRef<HTMLVideoElement | null>(null);
  const expectAudio = (localStream?.getAudioTracks().length ?? 0) > 0;

  useEffect(() => {
    if (!joined || !peers || selfId === null || outcome.kind !== 'running') return;
    let active = true;
    const started = Date.now();
    let first: Record<Direction, DirectionSample> | null = null;
    // the answerer's connection receives the camera (Empfangenes Bild), the offerer's the stream sent back
    const sample = async (): Promise<Record<Direction, DirectionSample>> => ({
      hin: await sampleDirection(peers.connection(selfId, 'answerer'), receivedVideo.current),
      rueck: await sampleDirection(peers.connection(selfId, 'offerer'), returnedVideo.current),
    });
    const timer = setInterval(() => {
      void sample().then((latest) => {
        if (!active) return;
        first ??= latest;
        const problems = connectionProblems(first, latest, expectAudio);
        if (problems.length === 0) {
          active = false;
          send({ command: 'testResult', conferenceId: LOOPBACK_CONFERENCE, result: true });
          setOutcome({ kind: 'success' });
        } else if (Date.now() - started > TEST_TIMEOUT_MS) {
          active = false;
          send({
            command: 'testResult',
            conferenceId: LOOPBACK_CONFERENCE,
            result: false,
            details: problems.join(' ').slice(0, 500),
          });
          setOutcome({ kind: 'failed', reasons: problems });
        }
      });
    }, POLL_MS);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [joined, peers, selfId, send, outcome.kind, expectAudio]);

  const received = conference.remotes.find((r) => r.role === 'answerer')?.stream ?? null;
  const returned = conference.remotes.find((r) => r.role === 'offerer')?.stream ?? null;
  const exitPath = homePathFor(session?.role);

  return (
    <Stack spacing={2}>
      {outcome.kind === 'running' && (
        <Box role="status">
          <LoadingIndicator label="Verbindung wird getestet" />
          <Typography sx={{ textAlign: 'center' }}>Verbindung wird getestet …</Typography>
        </Box>
      )}
      {outcome.kind === 'success' && (
        <Alert severity="success" role="status">
          <AlertTitle>{VIDEO_MESSAGES.verbindungErfolgreich}</AlertTitle>
          {expectAudio
            ? 'Bild und Ton wurden in beide Richtungen übertragen und angezeigt.'
            : 'Das Bild wurde in beide Richtungen übertragen und angezeigt.'}
        </Alert>
      )}
      {outcome.kind === 'failed' && <FailedTest reasons={outcome.reasons} onRetest={onRetest} />}
      {localStream && (
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
          <VideoTile self stream={localStream} label="Eigenes Bild" />
          {/* the own sound coming back would echo: the test's pictures play silently */}
          <VideoTile
            muted
            stream={received}
            label="Empfangenes Bild"
            userId={selfId ?? undefined}
            videoRef={receivedVideo}
          />
          <VideoTile muted stream={returned} label="Rückkanal" videoRef={returnedVideo} />
        </Box>
      )}
      <Box>
        <Button
          variant="outlined"
          onClick={() => {
            conference.leave();
            setLeft({ title: VIDEO_MESSAGES.testBeendet, text: '' });
          }}
        >
          Test beenden
        </Button>
      </Box>
      <SessionDialogs conference={{ ...conference, end: null }} left={left} exitPath={exitPath} />
    </Stack>
  );
}

function FailedTest({ reasons, onRetest }: { reasons: string[]; onRetest: () => void }) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const titleId = useId();

  const submit = async () => {
    const text = `Verbindungstest fehlgeschlagen: ${reasons.join(' ')}\n${message}`.trim();
    try {
      await sendTestMessage(text);
      setResult({ ok: true, text: FEEDBACK_TEXTS.erfolg });
      setOpen(false);
    } catch {
      setResult({ ok: false, text: FEEDBACK_TEXTS.fehler });
    }
  };

  return (
    <>
      <Alert
        severity="error"
        role="alert"
        action={
          <Stack direction="row" spacing={1}>
            <Button color="inherit" variant="outlined" onClick={onRetest}>
              Erneut testen
            </Button>
            <Button color="inherit" variant="outlined" onClick={() => setOpen(true)}>
              Nachricht senden
            </Button>
          </Stack>
        }
      >
        <AlertTitle>{VIDEO_MESSAGES.verbindungFehlgeschlagen}</AlertTitle>
        {reasons.length === 1 ? (
          reasons[0]
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </Box>
        )}
      </Alert>
      {result && (
        <Alert severity={result.ok ? 'success' : 'error'} role="status">
          {result.text}
        </Alert>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>Nachricht an den Betreiber</DialogTitle>
        <DialogContent>
          <TextField
            label="Ihre Nachricht"
            multiline
            minRows={3}
            fullWidth
            margin="dense"
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 4000 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Abbrechen</Button>
          <Button variant="contained" onClick={() => void submit()}>
            Senden
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
