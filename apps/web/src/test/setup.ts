import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor wait for what the page does, not for a speed: a lazy route's first import in jsdom took over a
// second on a busy 2-core machine (router.test.tsx failed at Testing Library's default of 1 s). A ceiling well under
// the test timeout (vitest.shared.ts), so a missing element still fails with Testing Library's own message.
configure({ asyncUtilTimeout: 5000 });

// vitest runs without globals, so Testing Library cannot register its own cleanup
afterEach(() => {
  cleanup();
  localStorage.clear();
});
