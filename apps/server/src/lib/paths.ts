import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The apps/server folder, found by walking up from this file: the same code runs from src/ (tsx, tests)
 * and bundled from dist/, so relative paths to migrations and the web build differ between the two.
 */
export function serverRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@dihs/server'
    ) {
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('apps/server nicht gefunden');
    dir = parent;
  }
}

export const migrationsDir = (): string => path.join(serverRoot(), 'drizzle');
export const defaultWebDist = (): string => path.join(serverRoot(), '..', 'web', 'dist');
