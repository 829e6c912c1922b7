/**
 * How much slower this machine runs than the one the e2e limits were set on. `npm test` measures it from its first
 * phase (scripts/test.mjs: lint, typecheck and unit tests against their time on a quiet machine of CI's kind) and
 * passes it as E2E_SLOWNESS; a run without it (one file from the shell) keeps the limits as written.
 *
 * Every limit of the suite is a ceiling, not a wait: a test that passes takes as long as its steps, whatever the
 * factor. Scaling the ceilings keeps a run on a machine three times slower (CI on a shared host took 918 s for the
 * suite that needs 408 s on a quiet one) from failing tests that were merely slow, while a quiet machine still
 * catches a page that got slower.
 */
export const SLOWNESS = Math.min(Math.max(Number(process.env.E2E_SLOWNESS) || 1, 1), 4);

/** A time limit in milliseconds, stretched to this machine. */
export const scaled = (ms: number): number => Math.round(ms * SLOWNESS);
