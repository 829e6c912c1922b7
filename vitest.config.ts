import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/contract/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          // No file replaces a module or a global; fake timers are reset after each test. One module graph per worker
          // instead of one per file: 26 s -> 9 s (files in shuffled order pass too).
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['apps/server/src/**/*.int.test.ts'],
          // migrates one template database; each file's database is a copy of it (test-database.ts)
          globalSetup: ['apps/server/src/test/template-database.ts'],
          // Each file gets its own database; two at a time keeps a 2-core machine responsive.
          maxWorkers: 2,
          // Each file builds its own app on its own database, and none mocks a module: the server's modules are
          // imported once per worker instead of once per file (the imports were 141 of 239 s of the files' time;
          // 203 s -> 93 s, files in shuffled order pass too).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
      'apps/web/vitest.isolated.config.ts',
    ],
  },
});
