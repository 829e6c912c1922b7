// npm run backup [Datei oder Ordner] / npm run restore <Datei>: the embedded installation's data directory (DATA_DIR)
// as one tar.gz with a manifest, taken and brought back only while no server uses it (docs/operations.md, "Backing
// up the embedded installation"). Runs the source through tsx rather than the build: a backup must not wait for (or
// change) a build of the whole app. Exit code 0 done, 1 refused or failed (the message says why).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDependencies } from './lib.mjs';

ensureDependencies();
// npm runs the script in the project root: a file named on the command line is relative to where npm was called
const [command, file] = process.argv.slice(2);
const args = file === undefined ? [command] : [command, path.resolve(process.env.INIT_CWD ?? process.cwd(), file)];
const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/datensicherung-main.ts', ...args], {
  cwd: fileURLToPath(new URL('..', import.meta.url)),
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
