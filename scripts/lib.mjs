// Helpers shared by the start, test and bench scripts. Only Node built-ins: they run before `npm install`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command in the project root, inheriting the terminal; throws when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} ist fehlgeschlagen (Exit-Code ${result.status ?? result.signal})`);
  }
}

/**
 * Runs a command in the project root with its output held back and printed whole when it ends, so that commands
 * running side by side do not interleave their lines. Resolves to { ok, seconds }; never rejects.
 */
export function runBuffered(command, args, options = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const output = [];
    // colours as in a terminal, although the output goes through a pipe
    const env = { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}), ...options.env };
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    let finished = false;
    // a spawn error may be followed by 'close': the first one counts
    const finish = (ok) => {
      if (finished) return;
      finished = true;
      process.stdout.write(Buffer.concat(output));
      resolve({ ok, seconds: (Date.now() - started) / 1000 });
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${command}: ${error.message}\n`));
      finish(false);
    });
    child.on('close', (code) => finish(code === 0));
  });
}

/** True when the command answers with exit code 0. */
export const succeeds = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

/** Newest modification time (ms) of the files below the given folders. */
export function newestMtime(dirs) {
  let newest = 0;
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  dirs.forEach((d) => walk(path.join(root, d)));
  return newest;
}

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

/** Installs the npm dependencies when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  if (mtime(installed) >= mtime(path.join(root, 'package-lock.json'))) return;
  console.log('Abhängigkeiten werden installiert ...');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

/** Builds web and server when a source file is newer than the last build. */
export function ensureBuild({ force = false } = {}) {
  const built = Math.min(
    mtime(path.join(root, 'apps/web/dist/index.html')),
    mtime(path.join(root, 'apps/server/dist/main.js')),
  );
  const sources = newestMtime(['apps/web', 'apps/server/src', 'apps/server/drizzle', 'packages/contract/src']);
  if (!force && built > sources) return;
  console.log('Anwendung wird gebaut ...');
  run('npm', ['run', 'build']);
}

/** Installs Debian packages (without recommends), through sudo unless running as root. */
export function aptInstall(...packages) {
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (...args) =>
    run(sudo[0] ?? 'apt-get', [...(sudo.length ? ['apt-get'] : []), ...args], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  apt('update');
  apt('install', '-y', '--no-install-recommends', ...packages);
}

/** Debian's Chromium, for the e2e tests and the Lighthouse bench; installed when missing. */
export function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  console.log('Chromium wird aus den Debian-Paketen installiert ...');
  aptInstall('chromium', 'fonts-liberation');
}

/** Starts a long-running child process and forwards SIGINT/SIGTERM to it. */
export function startChild(command, args, env) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
  return child;
}
