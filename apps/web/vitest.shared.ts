import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/**
 * Test files that replace modules (`vi.mock`), globals or timers, or that load a lazy module for the first time on
 * purpose: they run isolated, each in a fresh module graph. All others share one jsdom and one module graph per worker
 * (`isolate: false`): importing React, MUI and emotion once instead of once per file took the web tests from 148 s
 * to about 60 s on this machine kind. They clean up after every test (src/test/setup.ts).
 */
export const ISOLATED_TESTS = [
  'src/app/router.test.tsx',
  'src/app/routes/profil-page.test.tsx',
  'src/app/session/session-provider.test.tsx',
  'src/components/lazy-text-picker.test.tsx',
  'src/features/accounts/pages/code-pages.test.tsx',
  'src/features/guthaben/pages/guthaben-shop-page.test.tsx',
  'src/features/training/components/erledigt-form.test.tsx',
  'src/features/users/pages/benutzer-liste-page.test.tsx',
  'src/features/video/e2ee/key-exchange.test.ts',
  'src/features/video/signaling/signaling-client.test.ts',
  'src/lib/api-client.test.ts',
  'src/lib/use-growing-count.test.tsx',
];

export const webTestProject = (name: string, isolate: boolean, files: { include: string[]; exclude?: string[] }) =>
  defineProject({
    plugins: [react()],
    test: {
      name,
      environment: 'jsdom',
      ...files,
      isolate,
      setupFiles: ['./src/test/setup.ts'],
      // a guard against hangs, not a speed check: typing a form in jsdom takes seconds on a busy 2-core machine
      testTimeout: 15_000,
    },
  });
