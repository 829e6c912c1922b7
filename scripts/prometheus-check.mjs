// The alert rules and the scrape configuration in deploy/prometheus/ as a real Prometheus loads them (issue 35
// item 3), run by `npm test` after the build (about 10 s):
//   1. promtool check config (the shipped file's syntax) and check rules, promtool test rules (every alert's tests);
//   2. the built server on a fresh PostgreSQL database with METRICS_TOKEN, and Debian's prometheus with the shipped
//      configuration (only the target and the token file replaced, intervals shortened) on a spare port: the target
//      must be up (/api/v1/targets), every rule group evaluated without error (/api/v1/rules health "ok"), and the
//      server's own metrics must have arrived (a query for dihs_db_up).
// Installs Debian's prometheus package (promtool is in it) when missing. Exit code 1 on any failure, with the reason.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuild, root } from './lib.mjs';

const DEPLOY = path.join(root, 'deploy', 'prometheus');
const CONFIG = path.join(DEPLOY, 'prometheus.yml');
const RULES = path.join(DEPLOY, 'dihs-alerts.yml');
const RULE_TESTS = path.join(DEPLOY, 'dihs-alerts.test.yml');
const PROMETHEUS = '/usr/bin/prometheus';
const PROMTOOL = '/usr/bin/promtool';

/**
 * Debian's prometheus (with promtool), installed once without recommends; apt's output is shown only when it fails.
 * Answers whether both programs are there. Debian's package starts no service without systemd, and the check runs
 * its own Prometheus anyway.
 */
export function ensurePrometheus() {
  if (existsSync(PROMETHEUS) && existsSync(PROMTOOL)) return true;
  console.log('Prometheus wird aus den Debian-Paketen installiert ...');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', 'prometheus'],
  ]) {
    const [command, ...rest] = [...sudo, 'apt-get', ...args];
    const result = spawnSync(command, rest, { env, encoding: 'utf8' });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(' ')} fehlgeschlagen:\n${result.stdout}${result.stderr}`);
      break;
    }
  }
  return existsSync(PROMETHEUS) && existsSync(PROMTOOL);
}

function promtool(...args) {
  const result = spawnSync(PROMTOOL, args, { cwd: DEPLOY, encoding: 'utf8' });
  const output = `${result.stdout}${result.stderr}`.trim();
  if (result.status !== 0) throw new Error(`promtool ${args.join(' ')} fehlgeschlagen:\n${output}`);
  console.log(`promtool ${args[0]} ${args[1]}: ${output.split('\n').at(-1).trim()}`);
}

/**
 * The shipped configuration for one local target: the target list and the token file replaced, the intervals
 * shortened so the check takes seconds. Everything else (rule files, job, path, authorization) is the shipped file's.
 */
function localConfig(target, tokenFile) {
  const shipped = readFileSync(CONFIG, 'utf8');
  const config = shipped
    .replace(/^(\s*- targets: )\[[^\]]*\]/m, `$1['${target}']`)
    .replace(/credentials_file: \S+/, `credentials_file: ${tokenFile}`)
    .replace(/scrape_interval: \S+/, 'scrape_interval: 1s')
    .replace(/evaluation_interval: \S+/, 'evaluation_interval: 1s');
  for (const part of [`['${target}']`, tokenFile, 'scrape_interval: 1s', 'evaluation_interval: 1s']) {
    if (!config.includes(part)) throw new Error(`deploy/prometheus/prometheus.yml: ${part} nicht einsetzbar`);
  }
  return config;
}

async function json(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()).data;
}

/** Polls `probe` every 250 ms until it answers something other than undefined; its last error names the timeout. */
async function until(what, probe, timeoutMs = 20_000) {
  const started = Date.now();
  let last = '';
  while (Date.now() - started < timeoutMs) {
    try {
      const result = await probe();
      if (result !== undefined) return result;
    } catch (error) {
      last = error.message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Zeitüberschreitung: ${what}${last ? ` (${last})` : ''}`);
}

async function withPrometheus(configText, work) {
  const { freePort } = await import('./bench-lib.mjs');
  const dir = mkdtempSync(path.join(tmpdir(), 'dihs-prometheus-'));
  const port = await freePort();
  writeFileSync(path.join(dir, 'prometheus.yml'), configText);
  copyFileSync(RULES, path.join(dir, 'dihs-alerts.yml'));
  promtool('check', 'config', path.join(dir, 'prometheus.yml'));
  const child = spawn(
    PROMETHEUS,
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'daten')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr.on('data', (chunk) => (log += chunk));
  try {
    return await work(`http://127.0.0.1:${port}`);
  } catch (error) {
    throw new Error(`${error.message}\nPrometheus meldete:\n${log.trim() || '(nichts)'}`, { cause: error });
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()));
    rmSync(dir, { recursive: true, force: true });
  }
}

async function againstRunningServer() {
  // the test databases' server (as the integration tests), for the bench helpers that create and drop one
  process.env.BENCH_DATABASE_URL ??=
    process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const { withServerOnPostgres } = await import('./bench-lib.mjs');
  const token = randomBytes(24).toString('hex');
  const tokenDir = mkdtempSync(path.join(tmpdir(), 'dihs-metriken-token-'));
  const tokenFile = path.join(tokenDir, 'token');
  writeFileSync(tokenFile, token, { mode: 0o600 });
  try {
    await withServerOnPostgres(
      { METRICS_TOKEN: token, LOG_LEVEL: 'warn', SEED_DEMO: 'false', JWT_SECRET: randomBytes(32).toString('hex') },
      async ({ base, server }) => {
        let checked = false;
        server.once('exit', (code, signal) => {
          if (!checked) console.error(`Server vorzeitig beendet (${code ?? signal}):\n${server.output}`);
        });
        const refused = await fetch(`${base}/metrics`);
        if (refused.status !== 401) throw new Error(`/metrics ohne Token: HTTP ${refused.status} statt 401`);
        await withPrometheus(localConfig(new URL(base).host, tokenFile), async (prometheus) => {
          const target = await until('Ziel dihs ist up', async () => {
            const { activeTargets } = await json(`${prometheus}/api/v1/targets?state=active`);
            const dihs = activeTargets.find((t) => t.labels.job === 'dihs');
            if (dihs?.health === 'up') return dihs;
            if (dihs?.lastError) throw new Error(`Ziel ${dihs.scrapeUrl} ${dihs.health}: ${dihs.lastError}`);
            return undefined;
          });
          console.log(`Prometheus: Ziel ${target.scrapeUrl} up`);
          const groups = await until('jede Regelgruppe ausgewertet', async () => {
            const data = await json(`${prometheus}/api/v1/rules`);
            const rules = data.groups.flatMap((group) => group.rules);
            const broken = rules.filter((rule) => rule.health === 'err');
            if (broken.length) throw new Error(broken.map((rule) => `${rule.name}: ${rule.lastError}`).join('; '));
            return rules.length > 0 && rules.every((rule) => rule.health === 'ok') ? data.groups : undefined;
          });
          const rules = groups.flatMap((group) => group.rules);
          const firing = rules.filter((rule) => rule.type === 'alerting' && rule.state !== 'inactive');
          console.log(
            `Prometheus: ${rules.length} Regeln in ${groups.length} Gruppen ausgewertet (health ok)` +
              (firing.length
                ? `; nicht ruhig: ${firing.map((rule) => `${rule.name} (${rule.state})`).join(', ')}`
                : ''),
          );
          const up = await until('dihs_db_up abgefragt', async () => {
            const { result } = await json(`${prometheus}/api/v1/query?query=dihs_db_up`);
            return result.length ? result[0].value[1] : undefined;
          });
          if (up !== '1') throw new Error(`dihs_db_up ist ${up} statt 1`);
          console.log('Prometheus: dihs_db_up = 1');
        });
        checked = true;
      },
      'dihs-prometheus-app-',
      { output: true },
    );
  } finally {
    rmSync(tokenDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  try {
    if (!ensurePrometheus()) throw new Error('prometheus und promtool fehlen (apt-get install prometheus)');
    promtool('check', 'config', '--syntax-only', CONFIG);
    promtool('check', 'rules', RULES);
    promtool('test', 'rules', RULE_TESTS);
    // npm test builds before this step; alone, the built server must be current
    const building = Date.now();
    ensureBuild();
    const built = Date.now() - building;
    await againstRunningServer();
    const seconds = (Date.now() - started - built) / 1000;
    console.log(
      `Prometheus-Prüfung bestanden (${seconds.toFixed(1)} s${built > 1000 ? `, dazu Build ${(built / 1000).toFixed(1)} s` : ''}).`,
    );
  } catch (error) {
    console.error(`Prometheus-Prüfung fehlgeschlagen: ${error.message}`);
    process.exit(1);
  }
}
