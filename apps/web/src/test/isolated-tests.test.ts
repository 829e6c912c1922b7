import { describe, expect, it } from 'vitest';
import { ISOLATED_TESTS } from '../../vitest.shared.ts';

/** Every test file's text by the path the vitest configs name it by ("src/…"). */
const SOURCES = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>('../**/*.test.{ts,tsx}', { query: '?raw', import: 'default', eager: true }),
  ).map(([file, text]) => [file.replace(/^\.\.\//, 'src/'), text]),
);

// Without a module graph of its own, a file's vi.mock would miss a module another file loaded first, and its stubbed
// globals or fake timers could reach the next file: such a file must run in the isolated project.
const NEEDS_ISOLATION = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(/;

describe('the web test projects (vitest.shared.ts)', () => {
  it('runs every file that mocks modules, globals or timers isolated', () => {
    const needing = Object.keys(SOURCES).filter((file) => NEEDS_ISOLATION.test(SOURCES[file] ?? ''));
    expect(needing.length).toBeGreaterThan(0);
    expect(needing.filter((file) => !ISOLATED_TESTS.includes(file))).toEqual([]);
  });

  it('names only files that exist', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(50);
    expect(ISOLATED_TESTS.filter((file) => !(file in SOURCES))).toEqual([]);
  });
});
