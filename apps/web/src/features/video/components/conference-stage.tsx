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
  /** The height all pictures together may take (CSS); the rows share it, a large picture takes the bigger part. */
  maxHeight?: string;
}

/** Each picture's height limit: the stage height split over the rows, a large picture taking about two thirds. */
function tileHeights(tiles: Tile[], columns: number, stage: string): { large: string; small: string } {
  const large = tiles.filter((tile) => tile.large).length;
  const smallRows = Math.ceil(tiles.filter((tile) => !tile.large).length / columns);
  if (large === 0) return { large: stage, small: `calc(${stage} / ${Math.max(smallRows, 1)})` };
  if (smallRows === 0) return { large: `calc(${stage} / ${large})`, small: stage };
  return { large: `calc(${stage} * 0.64 / ${large})`, small: `calc(${stage} * 0.36 / ${smallRows})` };
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
  maxHeight,
}: ConferenceStageProps) {
  const small = tiles.filter((tile) => !tile.large).length;
  const columns = Math.min(Math.max(small, 1), 3);
  const heights = maxHeight ? tileHeights(tiles, columns, maxHeight) : null;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: '1fr 1fr', md: `repeat(${columns}, 1fr)` },
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
              maxHeight={heights ? (tile.large ? heights.large : heights.small) : undefined}
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
            maxHeight={heights ? (tile.large ? heights.large : heights.small) : undefined}
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
