import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import type { Conference } from '../hooks/use-conference.ts';
import { SelfControls } from './self-controls.tsx';

/** Own microphone and camera of the conference; `forcedMuted` only where the viewer can be muted by the therapist. */
export function ConferenceSelfControls({ conference, forcedMuted }: { conference: Conference; forcedMuted: boolean }) {
  return (
    <SelfControls
      audioMuted={conference.audioMuted}
      videoMuted={conference.videoMuted}
      forcedMuted={forcedMuted}
      onToggleAudio={conference.toggleAudio}
      onToggleVideo={conference.toggleVideo}
    />
  );
}

/**
 * The session's toolbar: own controls first, then the page's buttons. It stays at the bottom of the screen while the
 * pictures scroll (a phone's height), so „Sitzung verlassen“ and the microphone are always in reach.
 */
export function SessionToolbar({
  conference,
  forcedMuted,
  children,
}: {
  conference: Conference;
  forcedMuted: boolean;
  children: ReactNode;
}) {
  return (
    <Stack
      direction="row"
      spacing={1}
      // gaps, not margins: a wrapped second row on a phone starts at the left edge like the first
      useFlexGap
      sx={{
        alignItems: 'center',
        flexWrap: 'wrap',
        rowGap: 1,
        position: 'sticky',
        bottom: 0,
        zIndex: 1,
        py: 1,
        bgcolor: 'background.default',
      }}
      role="toolbar"
      aria-label="Sitzungssteuerung"
    >
      <ConferenceSelfControls conference={conference} forcedMuted={forcedMuted} />
      {children}
    </Stack>
  );
}
