import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from './config.ts';
import { serverRoot } from './lib/paths.ts';

// README.md's "Configuration" table is the operators' list of settings (issue 29): every variable of the
// configuration schema (config.ts) has a row there, and every row names one the server reads.

const REPO_ROOT = path.join(serverRoot(), '..', '..');
const SOURCE_ROOT = path.join(serverRoot(), 'src');

/**
 * Environment variables the server process reads outside config.ts that stay out of the user-facing table on
 * purpose. Anything else it reads must be in the schema (and so in the table).
 */
const NOT_IN_TABLE: Record<string, string> = {
  // app.ts: `npm run bench` turns the session revocation check off to measure its cost; ignored with
  // NODE_ENV=production, so no operator setting.
  BENCH_NO_REVOCATION: 'bench only',
  // db/embedded-setup.ts: set by the server itself for the child process that creates a new embedded database.
  DIHS_EMBEDDED_SETUP: 'internal, set by the server for its own child process',
};
// Read elsewhere and documented elsewhere, so not listed here either: scripts/start.mjs only defaults NODE_ENV (a
// schema variable) to production; TEST_DATABASE_URL and the BENCH_* and LIGHTHOUSE_* switches belong to the test and
// bench scripts; the JANUS_* settings of scripts/janus.mjs beyond the schema's configure Janus itself
// (docs/operations.md).

/** The first column of the table under "## Configuration", one variable per row. */
function readmeVariables(): string[] {
  const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## Configuration\n');
  expect(start, 'README.md has a "## Configuration" section').toBeGreaterThanOrEqual(0);
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  const rows = section.split('\n').filter((line) => line.startsWith('|'));
  expect(rows[0], 'the table starts with its header').toMatch(/^\| *variable *\| *default *\| *meaning *\|$/);
  return rows.slice(2).map((row) => {
    const cell = row.split('|')[1]!.trim();
    const name = /^`([A-Z][A-Z0-9_]*)`$/.exec(cell)?.[1];
    expect(name, `a row names one variable in backticks: ${row.slice(0, 60)}`).toBeDefined();
    return name!;
  });
}

/** Literal `process.env.NAME` / `process.env['NAME']` reads in the server's sources, tests and config.ts aside. */
function sourceEnvReads(): Set<string> {
  const names = new Set<string>();
  for (const file of readdirSync(SOURCE_ROOT, { recursive: true, encoding: 'utf8' })) {
    const isSource = /\.(ts|mts)$/.test(file) && !/\.test\.ts$/.test(file);
    if (!isSource || file === 'config.ts' || file.split(path.sep)[0] === 'test') continue;
    const text = readFileSync(path.join(SOURCE_ROOT, file), 'utf8');
    for (const match of text.matchAll(/process\.env(?:\.([A-Z][A-Z0-9_]*)|\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\])/g)) {
      names.add((match[1] ?? match[2])!);
    }
  }
  return names;
}

describe("README.md's configuration table", () => {
  it('has a row for every variable of the configuration schema', () => {
    const documented = readmeVariables();
    expect(CONFIG_VARIABLES.filter((name) => !documented.includes(name))).toEqual([]);
  });

  it('names only variables of the schema, each once', () => {
    const documented = readmeVariables();
    expect(documented.filter((name) => !CONFIG_VARIABLES.includes(name))).toEqual([]);
    expect(documented.filter((name, index) => documented.indexOf(name) !== index)).toEqual([]);
  });

  it('misses only the listed variables that the server reads outside config.ts', () => {
    const unknown = [...sourceEnvReads()].filter((name) => !CONFIG_VARIABLES.includes(name) && !(name in NOT_IN_TABLE));
    expect(unknown).toEqual([]);
    const documented = readmeVariables();
    expect(Object.keys(NOT_IN_TABLE).filter((name) => documented.includes(name))).toEqual([]);
  });
});
