import MicOffIcon from '@mui/icons-material/MicOff';
import VideocamOffIcon from '@mui/icons-material/VideocamOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

interface VideoTileProps {
  stream: MediaStream | null;
  /** Accessible name of the video and caption under it. */
  label: string;
  /** The own preview: muted, so the viewer never hears themselves. */
  self?: boolean;
  /** Plays without sound (the connection test's pictures carry the own microphone back). */
  muted?: boolean;
  /** The peer's user id, as data-user-id (tests find a peer's video by it). */
  userId?: number;
  large?: boolean;
  /** The picture's height limit (CSS); by default 60 % of the screen for a large picture, 30 % for a small one. */
  maxHeight?: string;
  /** The video element, for a caller that checks what it shows (the connection test). */
  videoRef?: RefObject<HTMLVideoElement | null>;
  audioMuted?: boolean;
  videoMuted?: boolean;
  children?: ReactNode;
}

/** One picture of the session: autoplay, inline, the own preview muted. */
export function VideoTile({
  stream,
  label,
  self = false,
  muted = false,
  userId,
  large = false,
  maxHeight,
  videoRef,
  audioMuted,
  videoMuted,
  children,
}: VideoTileProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const setVideo = useCallback(
    (element: HTMLVideoElement | null) => {
      ref.current = element;
      if (videoRef) videoRef.current = element;
    },
    [videoRef],
  );
  const [soundBlocked, setSoundBlocked] = useState(false);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.muted = self || muted;
    video.srcObject = stream;
    if (!stream) return;
    video.play().catch(() => {
      // the browser refused sound without a click: play silently and offer the sound as a button
      if (self || muted || !ref.current) return;
      ref.current.muted = true;
      setSoundBlocked(true);
      void ref.current.play().catch(() => undefined);
    });
  }, [stream, self, muted]);

  const enableSound = () => {
    if (!ref.current) return;
    ref.current.muted = false;
    setSoundBlocked(false);
    void ref.current.play().catch(() => undefined);
  };

  return (
    <Box
      component="figure"
      sx={{
        m: 0,
        position: 'relative',
        bgcolor: 'grey.900',
        borderRadius: 1,
        overflow: 'hidden',
        gridColumn: large ? '1 / -1' : undefined,
      }}
    >
      <video
        ref={setVideo}
        autoPlay
        playsInline
        muted={self || muted}
        aria-label={label}
        data-user-id={userId}
        data-self={self ? 'true' : undefined}
        style={{
          display: 'block',
          width: '100%',
          aspectRatio: '4 / 3',
          maxHeight: maxHeight ?? (large ? '60vh' : '30vh'),
          objectFit: 'contain',
          transform: self ? 'scaleX(-1)' : undefined,
        }}
      />
      <Box
        component="figcaption"
        sx={{
          position: 'absolute',
          left: 0,
          bottom: 0,
          px: 1,
          py: 0.5,
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          bgcolor: 'rgba(0,0,0,0.6)',
          color: 'common.white',
        }}
      >
        <Typography variant="body2" component="span">
          {label}
        </Typography>
        {audioMuted && <MicOffIcon fontSize="small" titleAccess="Mikrofon aus" />}
        {videoMuted && <VideocamOffIcon fontSize="small" titleAccess="Kamera aus" />}
      </Box>
      {soundBlocked && (
        <Button variant="contained" size="small" onClick={enableSound} sx={{ position: 'absolute', top: 8, left: 8 }}>
          Ton einschalten
        </Button>
      )}
      {children && <Box sx={{ position: 'absolute', top: 8, right: 8, display: 'flex', gap: 0.5 }}>{children}</Box>}
    </Box>
  );
}
