// Scale (issue 16, goal 6): the patient plan GET /api/termin/patient/all on PostgreSQL from one instance asked
// directly, one instance behind nginx, and two instances behind nginx with round-robin (cluster.mjs: one fresh
// database, one Redis), with the ratio two / one behind the same proxy. Beside each figure the CPU the machine,
// the instances and nginx used meanwhile: when the machine is busy the second instance has no core of its own and
// cannot double anything, which the figures then show. Run by bench.mjs, or alone with
// `node scripts/bench.mjs --only=scale`. Figures only, no assertions.
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { bearer, DURATION_S, SERVER_ENTRY } from './bench-lib.mjs';
import { ensureNginx, startCluster, startProxy } from './cluster.mjs';

const CONNECTIONS = 50;
/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** Busy and total ticks of the whole machine, from /proc/stat. */
function machineTicks() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields;
  return {
    busy: user + nice + system + irq + softirq + steal,
    total: user + nice + system + idle + iowait + irq + softirq + steal,
  };
}

/** CPU ticks (user + system) a process has used; 0 once it is gone. */
function processTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the fields after the command name, which is in parentheses and may hold spaces
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** Every PostgreSQL process of the machine (the server and its backends; other users' queries included). */
function postgresPids() {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return pids;
}

/** nginx's master and its worker (the worker does the proxying). */
function withChildren(pid) {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return [pid, ...children.map(Number)];
  } catch {
    return [pid];
  }
}

/**
 * Load on the plan at `url` with a one-second warm-up; answers requests/s, p99 and the CPU used meanwhile in per
 * cent of one core: the machine as a whole (of cores × 100), each instance, nginx.
 */
async function measure(url, authorization, { instancePids, nginxPid }) {
  await autocannon({ url, connections: 10, duration: 1, headers: { authorization } });
  const nginxPids = nginxPid ? withChildren(nginxPid) : [];
  const pgPids = postgresPids();
  const machineBefore = machineTicks();
  const before = new Map([...instancePids, ...nginxPids, ...pgPids].map((pid) => [pid, processTicks(pid)]));
  // autocannon runs in this process
  const generatorBefore = process.cpuUsage();
  const started = process.hrtime.bigint();
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers: { authorization } });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const generator = process.cpuUsage(generatorBefore);
  const machineAfter = machineTicks();
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} Antworten ohne 2xx, ${result.errors} Fehler`);
  }
  // a process that ended meanwhile (a PostgreSQL backend) counts nothing rather than minus what it had used
  const used = (pids) => pids.reduce((total, pid) => total + Math.max(0, processTicks(pid) - before.get(pid)), 0);
  const percent = (ticks) => (ticks / TICKS / seconds) * 100;
  const cores = readFileSync('/proc/stat', 'utf8').match(/^cpu\d+ /gm).length;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    machine: ((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)) * cores * 100,
    cores,
    instances: instancePids.map((pid) => percent(used([pid]))),
    nginx: percent(used(nginxPids)),
    postgres: percent(used(pgPids)),
    generator: ((generator.user + generator.system) / 1e6 / seconds) * 100,
  };
}

/** CPU of everything but this measurement's own processes (PostgreSQL counts as its own, other users' queries too). */
const othersOf = (m) =>
  Math.max(0, m.machine - m.instances.reduce((sum, cpu) => sum + cpu, 0) - m.nginx - m.postgres - m.generator);

/** The field-wise mean of measurements (numbers and arrays of numbers). */
function mean(measurements) {
  const average = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
  return Object.fromEntries(
    Object.keys(measurements[0]).map((key) => {
      const values = measurements.map((m) => m[key]);
      return [
        key,
        Array.isArray(values[0]) ? values[0].map((_, i) => average(values.map((v) => v[i]))) : average(values),
      ];
    }),
  );
}

const n = (value, width = 8) => Math.round(value).toLocaleString('de-DE').padStart(width);

function line(label, m) {
  const [low, high] = [Math.min(...m.spread), Math.max(...m.spread)];
  const spread = `(${n(low, 0)}–${n(high, 0)})`.padEnd(14);
  const instances = m.instances.map((cpu) => `${Math.round(cpu)} %`).join(' + ');
  const nginx = m.nginx ? `, nginx ${Math.round(m.nginx)} %` : '';
  return (
    `  ${label.padEnd(30)} ${n(m.rps)} ${spread} ${n(m.p99, 6)}   Rechner ${Math.round(m.machine)} von ${m.cores * 100} %: ` +
    `Instanz ${instances}${nginx}, PostgreSQL ${Math.round(m.postgres)} %, Lastgenerator ${Math.round(m.generator)} %`
  );
}

export async function runScaleBench() {
  ensureNginx();
  const cluster = await startCluster({
    entry: SERVER_ENTRY,
    // 50 connections of one patient, and the demo world; the logins of a bench are not an attack
    env: {
      SEED_DEMO: 'true',
      LOGIN_RATE_LIMIT_IP: '10000',
      LOGIN_RATE_LIMIT_ACCOUNT: '10000',
      REQUIRE_2FA_ROLES: 'none',
    },
  });
  let single;
  try {
    const [first, second] = cluster.instances;
    single = await startProxy([first.port]);
    const authorization = await bearer(cluster.url, 'patient@demo.de');
    const plan = '/api/termin/patient/all';
    const setups = [
      () => measure(`${first.url}${plan}`, authorization, { instancePids: [first.pid] }),
      () => measure(`${single.url}${plan}`, authorization, { instancePids: [first.pid], nginxPid: single.pid }),
      () =>
        measure(`${cluster.url}${plan}`, authorization, {
          instancePids: [first.pid, second.pid],
          nginxPid: cluster.proxy.pid,
        }),
    ];
    // both instances warmed alike first: the first one would otherwise come to the two-instance figure with the
    // single-instance runs behind it and the second one cold
    for (const instance of cluster.instances) {
      await autocannon({ url: `${instance.url}${plan}`, connections: 10, duration: 3, headers: { authorization } });
    }
    // forth and back (A B C C B A), each figure the mean of its two: a warming server or a change of the machine's
    // load during the run moves every setup alike instead of favouring the later ones
    const runs = setups.map(() => []);
    for (const k of [0, 1, 2, 2, 1, 0]) runs[k].push(await setups[k]());
    const [direct, oneProxied, twoProxied] = runs.map((measured) => ({
      ...mean(measured),
      spread: measured.map((m) => m.rps),
    }));
    const ratio = twoProxied.rps / oneProxied.rps;
    const capacity = twoProxied.cores * 100;
    const others = Math.round(othersOf(twoProxied));
    const verdict = [];
    if (others >= capacity / 4) {
      verdict.push(
        `  Andere Programme belegten ${others} von ${capacity} % der CPU: die Zahlen schwanken (in Klammern die ` +
          'zwei Messungen je Aufbau), das Verhältnis ist so nicht belastbar.',
      );
    }
    if (ratio < 1.8 && twoProxied.machine >= capacity * 0.9) {
      verdict.push(
        `  Der Rechner war ausgelastet (${Math.round(twoProxied.machine)} von ${capacity} %): Lastgenerator, nginx, ` +
          `PostgreSQL und beide Instanzen teilen sich ${twoProxied.cores} Kerne, die zweite Instanz bekommt keinen eigenen.`,
      );
    } else if (ratio < 1.8) {
      verdict.push(
        `  Der Rechner hatte Reserven (${Math.round(twoProxied.machine)} von ${capacity} %): es begrenzen die ` +
          'Datenbank oder der Lastgenerator (ein Kern).',
      );
    }
    return [
      `Skalierung: GET ${plan} auf PostgreSQL (Demodaten, ${CONNECTIONS} Verbindungen, je Aufbau Mittel aus zwei Messungen zu ${DURATION_S} s)`,
      `  Aufbau                         Anfragen/s (Messungen)   p99 ms   CPU während der Messung (100 % = ein Kern)`,
      line('eine Instanz direkt', direct),
      line('eine Instanz hinter nginx', oneProxied),
      line('zwei Instanzen hinter nginx', twoProxied),
      `  Verhältnis zwei / eine Instanz     ${ratio.toFixed(2).replace('.', ',').padStart(8)}×  (Ziel etwa 2× wenn die Datenbank nicht begrenzt)`,
      `  Anteil nginx (eine Instanz hinter nginx / direkt) ${((oneProxied.rps / direct.rps) * 100).toFixed(0)} %`,
      ...verdict,
    ];
  } finally {
    await single?.stop();
    await cluster.stop();
  }
}
