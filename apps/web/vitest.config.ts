import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.ts?(x)'],
    setupFiles: ['./src/test/setup.ts'],
    // a guard against hangs, not a speed check: typing a form in jsdom takes seconds on a busy 2-core machine
    testTimeout: 15_000,
  },
});
