import MicIcon from '@mui/icons-material/Mic';
import MicOffIcon from '@mui/icons-material/MicOff';
import VideocamIcon from '@mui/icons-material/Videocam';
import VideocamOffIcon from '@mui/icons-material/VideocamOff';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

interface SelfControlsProps {
  audioMuted: boolean;
  videoMuted: boolean;
  forcedMuted: boolean;
  onToggleAudio: () => void;
  onToggleVideo: () => void;
}

/** Own microphone and camera; a microphone the therapist muted cannot be switched on. */
export function SelfControls({ audioMuted, videoMuted, forcedMuted, onToggleAudio, onToggleVideo }: SelfControlsProps) {
  const audioLabel = forcedMuted
    ? 'Mikrofon vom Therapeuten stummgeschaltet'
    : audioMuted
      ? 'Mikrofon einschalten'
      : 'Mikrofon stummschalten';
  const videoLabel = videoMuted ? 'Kamera einschalten' : 'Kamera ausschalten';
  return (
    <>
      <Tooltip title={audioLabel}>
        <span>
          <IconButton
            aria-label={audioLabel}
            aria-pressed={audioMuted}
            onClick={onToggleAudio}
            disabled={forcedMuted && audioMuted}
            color={audioMuted ? 'error' : 'primary'}
          >
            {audioMuted ? <MicOffIcon /> : <MicIcon />}
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={videoLabel}>
        <IconButton
          aria-label={videoLabel}
          aria-pressed={videoMuted}
          onClick={onToggleVideo}
          color={videoMuted ? 'error' : 'primary'}
        >
          {videoMuted ? <VideocamOffIcon /> : <VideocamIcon />}
        </IconButton>
      </Tooltip>
    </>
  );
}
