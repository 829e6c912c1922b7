// Scale (issue 16, goal 6): the patient plan GET /api/termin/patient/all on PostgreSQL, on one and on two
// instances (cluster.mjs: one fresh database, one Redis), in two parts:
// - without limits: one instance asked directly, one behind nginx, two behind nginx with round-robin. On 2 cores
//   the load generator, nginx, PostgreSQL and both instances share the machine, so the second instance has no core
//   of its own; the CPU columns show it.
// - with a CPU quota per instance (cpu-quota.mjs): each instance may use a fixed share of one core, small enough
//   that everything else fits beside it. This is a machine with a core per instance in miniature: if both
//   instances are throttled by their own quota and two serve about twice what one does, nothing they share holds
//   the second back, which is what the goal asks.
// Run by bench.mjs, or alone with `node scripts/bench.mjs --only=scale`. Figures only, no assertions.
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { bearer, DURATION_S, SERVER_ENTRY } from './bench-lib.mjs';
import { ensureNginx, startCluster, startProxy } from './cluster.mjs';
import { createCpuQuota } from './cpu-quota.mjs';

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
async function measure(url, authorization, { instancePids, nginxPid, quotas = [] }) {
  await autocannon({ url, connections: 10, duration: 1, headers: { authorization } });
  const throttlingBefore = quotas.map((quota) => quota.throttling());
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
  const throttled = quotas.map((quota, i) => {
    const after = quota.throttling();
    const periods = after.periods - throttlingBefore[i].periods;
    return periods > 0 ? ((after.throttled - throttlingBefore[i].throttled) / periods) * 100 : 0;
  });
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
    throttled,
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
  const throttled = m.throttled.length
    ? `; gedrosselt in ${m.throttled.map((share) => `${Math.round(share)} %`).join(' / ')} der Perioden`
    : '';
  return (
    `  ${label.padEnd(30)} ${n(m.rps)} ${spread} ${n(m.p99, 6)}   Rechner ${Math.round(m.machine)} von ${m.cores * 100} %: ` +
    `Instanz ${instances}${nginx}, PostgreSQL ${Math.round(m.postgres)} %, Lastgenerator ${Math.round(m.generator)} %` +
    throttled
  );
}

/** Runs the setups forth and back (A B … B A); each figure is the mean of its runs, with their spread. */
async function forthAndBack(setups) {
  const runs = setups.map(() => []);
  const order = setups.map((_, k) => k);
  for (const k of [...order, ...order.reverse()]) runs[k].push(await setups[k]());
  return runs.map((measured) => ({ ...mean(measured), spread: measured.map((m) => m.rps) }));
}

const ratioText = (ratio) => `${ratio.toFixed(2).replace('.', ',').padStart(8)}×`;

/**
 * Both instances free to use the whole machine: one instance direct, one and two behind nginx. On 2 cores the
 * second instance has no core of its own, which the CPU columns show.
 */
async function unlimited({ first, second, single, cluster, authorization, plan }) {
  const [direct, oneProxied, twoProxied] = await forthAndBack([
    () => measure(`${first.url}${plan}`, authorization, { instancePids: [first.pid] }),
    () => measure(`${single.url}${plan}`, authorization, { instancePids: [first.pid], nginxPid: single.pid }),
    () =>
      measure(`${cluster.url}${plan}`, authorization, {
        instancePids: [first.pid, second.pid],
        nginxPid: cluster.proxy.pid,
      }),
  ]);
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
    `  Ohne Begrenzung (jede Instanz darf den ganzen Rechner nutzen):`,
    line('eine Instanz direkt', direct),
    line('eine Instanz hinter nginx', oneProxied),
    line('zwei Instanzen hinter nginx', twoProxied),
    `  Verhältnis zwei / eine Instanz ${ratioText(ratio)}  (Ziel etwa 2× wenn die Datenbank nicht begrenzt)`,
    `  Anteil nginx (eine Instanz hinter nginx / direkt) ${((oneProxied.rps / direct.rps) * 100).toFixed(0)} %`,
    ...verdict,
  ];
}

/**
 * Share of one core each instance may use in the limited part: small enough that two instances, nginx,
 * PostgreSQL and the load generator fit the 2 cores with room, so each instance has "a core of its own" in
 * miniature and what it serves is bounded by its own CPU, as on a machine with a core per instance.
 */
const SHARE = Number(process.env.BENCH_SCALE_SHARE ?? 0.35);

/**
 * Each instance limited to SHARE of a core by a CPU quota (cpu-quota.mjs): one and two instances behind nginx. If
 * the instances are throttled in most periods and two serve about twice what one does, nothing they share
 * (PostgreSQL, Redis, the sessions, the rate limits) holds the second back.
 */
async function limited({ first, second, single, cluster, authorization, plan }) {
  const stamp = `${process.pid}-${Date.now()}`;
  const quotas = [createCpuQuota(`dihs-bench-a-${stamp}`, SHARE), createCpuQuota(`dihs-bench-b-${stamp}`, SHARE)];
  const percentOfCore = Math.round(SHARE * 100);
  if (quotas.some((quota) => !quota)) {
    for (const quota of quotas) quota?.remove();
    return [
      `  Mit ${percentOfCore} % eines Kerns je Instanz: nicht messbar, dieser Rechner erlaubt keine CPU-Quote ` +
        '(Control Groups des Kernels nicht beschreibbar).',
    ];
  }
  try {
    quotas[0].add(first.pid);
    quotas[1].add(second.pid);
    const [oneProxied, twoProxied] = await forthAndBack([
      () =>
        measure(`${single.url}${plan}`, authorization, {
          instancePids: [first.pid],
          nginxPid: single.pid,
          quotas: [quotas[0]],
        }),
      () =>
        measure(`${cluster.url}${plan}`, authorization, {
          instancePids: [first.pid, second.pid],
          nginxPid: cluster.proxy.pid,
          quotas,
        }),
    ]);
    const ratio = twoProxied.rps / oneProxied.rps;
    const bound = Math.min(...twoProxied.throttled) >= 50;
    const verdict = bound
      ? ratio >= 1.8
        ? '  Beide Instanzen waren durch ihren eigenen CPU-Anteil begrenzt und zwei leisteten etwa das Doppelte: ' +
          'Datenbank, Redis und Sitzungen halten die zweite Instanz nicht auf.'
        : '  Beide Instanzen waren durch ihren CPU-Anteil begrenzt, zwei leisteten aber nicht das Doppelte: ' +
          'etwas Gemeinsames (Datenbank, Redis, nginx, Lastgenerator) begrenzt mit.'
      : '  Die Instanzen nutzten ihren CPU-Anteil nicht aus: es begrenzte etwas anderes (Datenbank, nginx oder ' +
        'der Lastgenerator), das Verhältnis sagt so wenig über die Instanzen.';
    return [
      `  Mit ${percentOfCore} % eines Kerns je Instanz (CPU-Quote, wie ein eigener kleiner Kern je Instanz):`,
      line(`eine Instanz hinter nginx`, oneProxied),
      line(`zwei Instanzen hinter nginx`, twoProxied),
      `  Verhältnis zwei / eine Instanz ${ratioText(ratio)}  (Ziel etwa 2×)`,
      verdict,
    ];
  } finally {
    for (const quota of quotas) quota.remove();
  }
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
    // both instances warmed alike first: the first one would otherwise come to the two-instance figure with the
    // single-instance runs behind it and the second one cold
    for (const instance of cluster.instances) {
      await autocannon({ url: `${instance.url}${plan}`, connections: 10, duration: 3, headers: { authorization } });
    }
    const setup = { first, second, single, cluster, authorization, plan };
    return [
      `Skalierung: GET ${plan} auf PostgreSQL (Demodaten, ${CONNECTIONS} Verbindungen, je Aufbau Mittel aus zwei Messungen zu ${DURATION_S} s)`,
      `  Aufbau                         Anfragen/s (Messungen)   p99 ms   CPU während der Messung (100 % = ein Kern)`,
      ...(await unlimited(setup)),
      ...(await limited(setup)),
    ];
  } finally {
    await single?.stop();
    await cluster.stop();
  }
}
