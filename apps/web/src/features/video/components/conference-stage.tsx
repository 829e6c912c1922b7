import type { Member } from '@dihs/contract/video';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import type { Tile } from '../layout/view-mode.ts';
import type { RemoteStream } from '../hooks/use-conference.ts';
import { VideoTile } from './video-tile.tsx';

interface ConferenceStageProps {
  tiles: Tile[];
  members: readonly Member[];
  remotes: readonly RemoteStream[];
  localStream: MediaStream | null;
  audioMuted: boolean;
  videoMuted: boolean;
  /** Extra buttons on a peer's picture (the therapist's per-participant controls). */
  peerActions?: (member: Member) => ReactNode;
}

/** A member without profile names (an account never completed) is still named. */
export const memberName = (member: Pick<Member, 'userId' | 'vorname' | 'nachname'>) =>
  `${member.vorname} ${member.nachname}`.trim() || `Teilnehmer ${member.userId}`;

/** The pictures of a view mode: large tiles span the row, small ones share it. */
export function ConferenceStage({
  tiles,
  members,
  remotes,
  localStream,
  audioMuted,
  videoMuted,
  peerActions,
}: ConferenceStageProps) {
  const small = tiles.filter((tile) => !tile.large).length;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: '1fr 1fr', md: `repeat(${Math.min(Math.max(small, 1), 3)}, 1fr)` },
      }}
    >
      {tiles.map((tile) => {
        if (tile.kind === 'self') {
          return (
            <VideoTile
              key="self"
              self
              stream={localStream}
              label="Eigenes Bild"
              large={tile.large}
              audioMuted={audioMuted}
              videoMuted={videoMuted}
            />
          );
        }
        const member = members.find((m) => m.userId === tile.userId);
        const remote = remotes.find((r) => r.peerId === tile.userId);
        const name = member ? memberName(member) : `Teilnehmer ${tile.userId}`;
        return (
          <VideoTile
            key={tile.userId}
            stream={remote?.stream ?? null}
            userId={tile.userId}
            label={member?.role === 'THERAPEUT' ? `${name} (Therapeut)` : name}
            large={tile.large}
            audioMuted={member?.audioMuted}
            videoMuted={member?.videoMuted}
          >
            {member && peerActions?.(member)}
          </VideoTile>
        );
      })}
    </Box>
  );
}
