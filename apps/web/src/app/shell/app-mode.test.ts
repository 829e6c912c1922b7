import { describe, expect, it } from 'vitest';
import { isAppMode } from './app-mode.ts';

describe('isAppMode', () => {
  it('is on for the app-mode video route and inside frames', () => {
    expect(isAppMode('/video/therapie/app/patient/12/abc.def.ghi', false)).toBe(true);
    expect(isAppMode('/agb', true)).toBe(true);
  });

  it('is off for ordinary pages, including the browser video route', () => {
    expect(isAppMode('/video/therapie/patient/12', false)).toBe(false);
    expect(isAppMode('/', false)).toBe(false);
  });
});
