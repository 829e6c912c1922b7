import { VIDEO_TIMING, VIEW_MODES, type ViewMode } from '@dihs/contract/video';

export type Tile = { kind: 'self'; large: boolean } | { kind: 'peer'; userId: number; large: boolean };

export interface LayoutInput {
  mode: ViewMode;
  /** The other participants shown, in joining order. */
  others: readonly number[];
  highlighted: number | null;
}

/** EINZEL shows one participant: one-on-one, whatever mode was chosen. */
export const effectiveMode = (mode: ViewMode, einzel: boolean): ViewMode => (einzel ? VIEW_MODES.oneOnOne : mode);

/**
 * The tiles of a view mode (spec 3 "Video sessions"): 18 is a grid of up to eight others with the own picture at
 * grid position 7 (1-based; earlier when fewer others); 117 shows the highlighted participant (else stream 0) large
 * and the others small; 11 shows stream 0 (or the highlighted one) large and the own picture small.
 */
export function layoutTiles({ mode, others, highlighted }: LayoutInput): Tile[] {
  const shown = others.slice(0, VIDEO_TIMING.maxOthersShown);
  const focus = highlighted !== null && shown.includes(highlighted) ? highlighted : shown[0];
  if (mode === VIEW_MODES.grid) {
    const tiles: Tile[] = shown.map((userId) => ({ kind: 'peer', userId, large: false }));
    tiles.splice(Math.min(VIDEO_TIMING.ownGridPosition - 1, tiles.length), 0, { kind: 'self', large: false });
    return tiles;
  }
  if (focus === undefined) return [{ kind: 'self', large: true }];
  if (mode === VIEW_MODES.oneOnOne) {
    return [
      { kind: 'peer', userId: focus, large: true },
      { kind: 'self', large: false },
    ];
  }
  return [
    { kind: 'peer', userId: focus, large: true },
    ...shown.filter((id) => id !== focus).map((userId): Tile => ({ kind: 'peer', userId, large: false })),
    { kind: 'self', large: false },
  ];
}
