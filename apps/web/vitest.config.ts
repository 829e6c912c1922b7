import { ISOLATED_TESTS, webTestProject } from './vitest.shared.ts';

// the web tests that need no module graph of their own (vitest.shared.ts); the others: vitest.isolated.config.ts
export default webTestProject('web', false, { include: ['src/**/*.test.ts?(x)'], exclude: ISOLATED_TESTS });
