// The training and statistics figures of `npm run bench` (issue 14 "Measured, not asserted"), on the built server
// and native PostgreSQL (a fresh database on BENCH_DATABASE_URL's server):
// - GET /api/trainingsplan/my for a patient whose current plan has 30 exercises: requests/s, p50, p99;
// - GET /api/statistik for one year while 1,000,000 events are stored: seconds to the last byte and the server's
//   peak RSS above its level before (the CSV is aggregated by the database and streamed).
// Figures only, no assertions. Standalone: node scripts/bench-training.mjs (after npm run build).
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { bearer, DURATION_S, rssMiB, withServerOnPostgres } from './bench-lib.mjs';
import { addDemoPatientPlan, PLAN_ENTRIES } from './bench-plan-world.mjs';

const EVENTS = 1_000_000;

/**
 * patient@demo.de with a subscription and a current plan of 30 entries (bench-plan-world.mjs); a year of statistics
 * events.
 */
async function addWorld(run) {
  await addDemoPatientPlan(run);
  await run(`insert into statistik_ereignis (zeitpunkt, typ, aktion_id)
    select timestamptz '2025-01-01 00:00:00+00' + make_interval(secs => i * ${(365 * 86_400) / EVENTS}),
      i % 2, case when i % 2 = 1 then (1000 + i % 50)::text end
    from generate_series(1, ${EVENTS}) as i`);
  await run('analyze statistik_ereignis');
}

async function measurePlan(base, authorization) {
  const url = `${base}/api/trainingsplan/my`;
  await autocannon({ url, connections: 10, duration: 1, headers: { authorization } });
  const result = await autocannon({ url, connections: 50, duration: DURATION_S, headers: { authorization } });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} ohne 2xx`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function measureCsv(base, authorization, pid) {
  const before = rssMiB(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 20);
  const started = performance.now();
  const response = await fetch(`${base}/api/statistik?from=2025-01-01&to=2025-12-31`, { headers: { authorization } });
  const body = await response.text();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (response.status !== 200) throw new Error(`Statistik: HTTP ${response.status}`);
  return { seconds, rows: body.split('\r\n').length - 2, peakAbove: peak - before };
}

export async function runTrainingBench() {
  const env = {
    SEED_DEMO: 'true',
    OEMBED_URL: 'off',
    // the demo operator downloads without a second factor (bench only)
    REQUIRE_2FA_ROLES: 'none',
  };
  return withServerOnPostgres(
    env,
    async ({ base, pid, client }) => {
      await addWorld((sql) => client.query(sql));
      const plan = await measurePlan(base, await bearer(base, 'patient@demo.de'));
      const csv = await measureCsv(base, await bearer(base, 'betreiber@demo.de'), pid);
      const n = (v, w = 8) => v.toFixed(0).padStart(w);
      return [
        `Trainingsplan und Statistik (PostgreSQL, ${DURATION_S} s, 50 Verbindungen)`,
        `  GET /api/trainingsplan/my, ${PLAN_ENTRIES} Übungen  ${n(plan.rps)} Anfragen/s  p50 ${n(plan.p50, 4)} ms  p99 ${n(plan.p99, 4)} ms`,
        `  GET /api/statistik, 1 Jahr, ${EVENTS.toLocaleString('de-DE')} Ereignisse  ${csv.seconds.toFixed(2).padStart(8)} s  ${csv.rows} Zeilen  Spitze RSS +${csv.peakAbove.toFixed(1)} MiB`,
      ];
    },
    'dihs-bench-training-',
  );
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(`\n${(await runTrainingBench()).join('\n')}\n`);
}
