// npm run protokoll:pruefen: verifies the audit log's hash chain in DATABASE_URL (or the embedded database) and names
// the first entry that was changed (docs/operations.md, "Database roles"). Exit code 0 intact, 2 broken, 1 no check.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureBuild, ensureDependencies } from './lib.mjs';

ensureDependencies();
ensureBuild();
const result = spawnSync(process.execPath, ['apps/server/dist/protokoll-pruefen.js'], {
  cwd: fileURLToPath(new URL('..', import.meta.url)),
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
