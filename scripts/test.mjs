// npm test: everything CI runs. Installs what is missing (npm dependencies, Debian's Chromium), makes sure
// the local PostgreSQL runs, then lint, typecheck, unit, integration, build and end-to-end tests.
import { existsSync } from 'node:fs';
import { ensureBuild, ensureDependencies, run, succeeds } from './lib.mjs';

const CHROMIUM = '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  console.log('Chromium wird aus den Debian-Paketen installiert ...');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (...args) =>
    run(sudo[0] ?? 'apt-get', [...(sudo.length ? ['apt-get'] : []), ...args], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  apt('update');
  apt('install', '-y', '--no-install-recommends', 'chromium', 'fonts-liberation');
}

function ensurePostgres() {
  if (process.env.TEST_DATABASE_URL || process.env.DATABASE_URL) return;
  if (succeeds('pg_isready', ['-h', '127.0.0.1', '-p', '5432'])) return;
  console.log('PostgreSQL wird gestartet ...');
  run('bash', ['-c', 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql | head -n1) main start']);
  for (let i = 0; i < 30 && !succeeds('pg_isready', ['-h', '127.0.0.1', '-p', '5432']); i++) {
    run('sleep', ['1']);
  }
}

const started = Date.now();
const step = (name, fn) => {
  const t0 = Date.now();
  console.log(`\n=== ${name}`);
  fn();
  console.log(`=== ${name}: ok (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
};

step('Abhängigkeiten', () => {
  ensureDependencies();
  ensureChromium();
  ensurePostgres();
});
step('Lint', () => run('npm', ['run', 'lint']));
step('Typecheck', () => run('npm', ['run', 'typecheck']));
step('Unit-Tests', () => run('npx', ['vitest', 'run', '--project', 'unit', '--project', 'web']));
step('Integrationstests', () => run('npx', ['vitest', 'run', '--project', 'integration']));
step('Build', () => ensureBuild({ force: true }));
step('End-to-End-Tests', () => run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']));
console.log(`\nAlle Prüfungen bestanden in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
