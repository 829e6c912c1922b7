import { VIDEO_MESSAGES } from '@dihs/contract/video';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { keyframes } from '@mui/material/styles';
import type { SignalingStatus } from '../signaling/signaling-client.ts';

const flash = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.35; }
`;

/** The connection's trouble states (spec 3 section 4): reconnecting, the reconnect button, the transfer error. */
export function ConnectionStatus({ status, onReconnect }: { status: SignalingStatus; onReconnect: () => void }) {
  if (status.kind === 'reconnecting') {
    return (
      <Alert severity="warning" role="status">
        Verbindung unterbrochen, neuer Versuch ({status.attempt}) …
      </Alert>
    );
  }
  if (status.kind === 'reconnectButton' || status.kind === 'failed') {
    return (
      <Alert
        severity="error"
        action={
          <Button
            color="inherit"
            variant="outlined"
            onClick={onReconnect}
            sx={
              status.kind === 'reconnectButton' && status.flashing
                ? {
                    animation: `${flash} 1s ease-in-out infinite`,
                    '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
                  }
                : undefined
            }
          >
            Neu verbinden
          </Button>
        }
      >
        <strong>{VIDEO_MESSAGES.uebertragung}</strong> {VIDEO_MESSAGES.uebertragungText}
      </Alert>
    );
  }
  return null;
}

/**
 * A group session that runs peer-to-peer instead of through the media server, because a participant's browser
 * cannot encrypt end to end (SFU_OHNE_VERSCHLUESSELUNG=peer-to-peer): everyone is told, never silently.
 */
export function DirectConnectionNotice({ e2eeFallback }: { e2eeFallback: boolean }) {
  if (!e2eeFallback) return null;
  return (
    <Alert severity="info" role="status">
      {VIDEO_MESSAGES.direktverbindung}
    </Alert>
  );
}
