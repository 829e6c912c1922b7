import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import ts from 'typescript';

const AUTH_STORAGE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/web/src/lib/auth-storage.ts',
);

let script: string | undefined;
/**
 * The app's own token storage (apps/web/src/lib/auth-storage.ts) as a browser script: the e2e login stores its token
 * with the very code the login dialog uses (encrypted under a non-extractable key in IndexedDB), so it can never
 * drift from the format the app reads at start. Transpiled once per worker.
 */
function authStorageScript(): string {
  script ??= ts.transpileModule(readFileSync(AUTH_STORAGE, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  return script;
}

/**
 * Stores `token` as the app's session in the page's origin. The page must already show a document of the app's
 * origin (any, e.g. /api/health): storage belongs to the origin, and the app reads it when it next loads.
 */
export async function storeSessionToken(page: Page, token: string): Promise<void> {
  await page.evaluate(
    `(async () => {
      const exports = {};
      ${authStorageScript()}
      await exports.tokenStorage().save(${JSON.stringify(token)});
    })()`,
  );
}

/** The claims the app reads from a token (role, userId), without checking the signature. */
export function tokenClaims(token: string): { role: 'BETREIBER' | 'THERAPEUT' | 'PATIENT'; userId: number } {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    role: 'BETREIBER' | 'THERAPEUT' | 'PATIENT';
    userId: number;
  };
}
