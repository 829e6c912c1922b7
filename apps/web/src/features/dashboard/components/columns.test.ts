import { dashboardColumns } from '@dihs/contract/dashboard';
import { describe, expect, it } from 'vitest';

// Spec 3 section 2: 1 column up to 600 px, 2 up to 960, 3 up to 1248, 4 up to 1888, 5 above ("up to" includes it).
describe('dashboardColumns', () => {
  it.each([
    [0, 1],
    [600, 1],
    [601, 2],
    [960, 2],
    [961, 3],
    [1248, 3],
    [1249, 4],
    [1888, 4],
    [1889, 5],
    [3840, 5],
  ])('%i px: %i columns', (width, columns) => {
    expect(dashboardColumns(width)).toBe(columns);
  });
});
