import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from '../scripts/chromium.mjs';
import { fakeMediaArgs } from './support/fake-camera.ts';
import { scaled } from './support/slowness.ts';

/**
 * Parallel workers. The tests mostly wait (page loads, WebSocket round trips, the server's jobs), so on CI's 2 cores
 * 3 workers finish sooner than 2 (measured: e2e/README.md); E2E_WORKERS overrides, e.g. 1 to watch one test alone.
 */
const workers = Number(process.env.E2E_WORKERS) || 3;
/**
 * The video tests each hold two or three browsers with fake camera streams: one at a time, or two of them starve
 * each other's video decoding on 2 cores (frames stop growing). One worker runs them in order from the start while
 * the others share the rest, which takes about as long.
 */
const VIDEO_TESTS = ['**/video-*.e2e.ts', '**/zwei-instanzen.e2e.ts'];
/**
 * The SFU tests hold four to six browsers each (a group of five through Janus): beside the other workers they starved
 * both themselves (frames stalled) and the app tests (pages stuck loading) at load average 30-45. They run last,
 * alone, after the other projects.
 */
const GROUP_TESTS = ['**/video-sfu*.e2e.ts'];

/** Debian's Chromium with the project's flags (scripts/chromium.mjs). */
const CHROMIUM_LAUNCH = { executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS] };
/** The same with a fake camera (a small picture: support/fake-camera.ts) and microphone, no permission prompt. */
export const FAKE_MEDIA_LAUNCH = { ...CHROMIUM_LAUNCH, args: [...CHROMIUM_LAUNCH.args, ...fakeMediaArgs()] };

/** End-to-end tests in Debian's Chromium against the built app on a free port with a fresh database. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  workers,
  retries: process.env.CI ? 1 : 0,
  // ceilings stretched to the machine's measured slowness (support/slowness.ts)
  timeout: scaled(30_000),
  expect: { timeout: scaled(7_000) },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: '../test-results',
  use: {
    ...devices['Desktop Chrome'],
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    // Recording a trace costs every action a snapshot and the screen a stream of frames: CI records only the
    // retry of a failed test (retries: 1), a local run keeps the failed test's trace as before.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  // The long video tests first, so that they do not end the run alone. zwei-instanzen.e2e.ts runs with them: its
  // two more servers and its video session would starve a video test beside it the same way.
  projects: [
    { name: 'video', testMatch: VIDEO_TESTS, testIgnore: GROUP_TESTS, workers: 1 },
    // Every app test's browser has the fake camera, so the route walk (which opens the video pages) shares the
    // workers of the others: with launch options of its own, its four long tests ran last, beside idle workers.
    {
      name: 'app',
      testIgnore: VIDEO_TESTS,
      use: { launchOptions: FAKE_MEDIA_LAUNCH },
    },
    { name: 'gruppe', testMatch: GROUP_TESTS, workers: 1, dependencies: ['video', 'app'] },
  ],
});
