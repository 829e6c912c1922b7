import { parseVideoUrl, playerUrl } from '@dihs/contract/common/video-url';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

interface VideoVorschauProps {
  /** The link to the video hosting service. */
  url: string;
  /** Our own copy of the thumbnail (no request to the host), or null. */
  bild: string | null;
  /** What the video shows, for the play button's name. */
  titel: string;
  /** Called once the viewer asked to play (the statistics count a view). */
  onPlay?: () => void;
}

const HOST_NAMES = { vimeo: 'Vimeo', youtube: 'YouTube' } as const;

/**
 * Zwei-Klick-Lösung: shows our copy of the thumbnail with a play button and a notice; the host's player (Vimeo with
 * dnt=1, YouTube's nocookie host) is loaded only after the click, so no third-party request happens before the
 * viewer asks for it (docs/decisions.md).
 */
export function VideoVorschau({ url, bild, titel, onPlay }: VideoVorschauProps) {
  const [playing, setPlaying] = useState(false);
  const ref = parseVideoUrl(url);
  const player = playerUrl(url);
  if (!ref || !player) return <Typography color="text.secondary">Kein gültiger Videolink.</Typography>;
  const host = HOST_NAMES[ref.host];
  if (playing) {
    return (
      <Box sx={{ position: 'relative', pt: '56.25%' }}>
        <Box
          component="iframe"
          src={player}
          title={`Video: ${titel}`}
          allow="autoplay; fullscreen; picture-in-picture"
          allowFullScreen
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
        />
      </Box>
    );
  }
  return (
    <Box>
      <ButtonBase
        onClick={() => {
          setPlaying(true);
          onPlay?.();
        }}
        aria-label={`Video „${titel}“ von ${host} abspielen`}
        sx={{
          position: 'relative',
          display: 'block',
          width: '100%',
          pt: '56.25%',
          bgcolor: 'primary.main',
          backgroundImage: bild ? `url(${bild})` : undefined,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
          borderRadius: 1,
        }}
      >
        <PlayCircleIcon
          sx={{
            position: 'absolute',
            top: '50%',
            left: '50%',
            transform: 'translate(-50%, -50%)',
            fontSize: 64,
            color: 'common.white',
          }}
        />
      </ButtonBase>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        Erst beim Abspielen wird das Video von {host} geladen; dabei überträgt Ihr Browser Daten an {host}.
      </Typography>
    </Box>
  );
}
