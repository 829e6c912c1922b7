import { VIEW_MODES } from '@dihs/contract/video';
import { describe, expect, it } from 'vitest';
import { effectiveMode, layoutTiles } from './view-mode.ts';

const ids = (tiles: ReturnType<typeof layoutTiles>) =>
  tiles.map((tile) =>
    tile.kind === 'self' ? `self${tile.large ? '!' : ''}` : `${tile.userId}${tile.large ? '!' : ''}`,
  );

describe('view modes', () => {
  it('18: grid of up to eight others, own picture at position 7', () => {
    const others = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    expect(ids(layoutTiles({ mode: VIEW_MODES.grid, others, highlighted: null }))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      'self',
      '7',
      '8',
    ]);
  });

  it('18 with fewer others puts the own picture last', () => {
    expect(ids(layoutTiles({ mode: VIEW_MODES.grid, others: [4, 5], highlighted: null }))).toEqual(['4', '5', 'self']);
  });

  it('117: the highlighted participant large, the others small', () => {
    expect(ids(layoutTiles({ mode: VIEW_MODES.highlighted, others: [4, 5, 6], highlighted: 5 }))).toEqual([
      '5!',
      '4',
      '6',
      'self',
    ]);
  });

  it('117 without a highlight shows stream 0 large', () => {
    expect(ids(layoutTiles({ mode: VIEW_MODES.highlighted, others: [4, 5], highlighted: null }))).toEqual([
      '4!',
      '5',
      'self',
    ]);
  });

  it('11: one participant large and the own picture small', () => {
    expect(ids(layoutTiles({ mode: VIEW_MODES.oneOnOne, others: [4, 5], highlighted: null }))).toEqual(['4!', 'self']);
  });

  it('nobody else yet: the own picture large', () => {
    expect(ids(layoutTiles({ mode: VIEW_MODES.oneOnOne, others: [], highlighted: null }))).toEqual(['self!']);
  });

  it('EINZEL is always one-on-one', () => {
    expect(effectiveMode(VIEW_MODES.grid, true)).toBe(VIEW_MODES.oneOnOne);
    expect(effectiveMode(VIEW_MODES.grid, false)).toBe(VIEW_MODES.grid);
  });
});
