// The embedded database under load (issue 16 goal 4): GET /api/termin/patient/all for the demo patient while
// 10,000 appointments are in the PGlite database, 10 users at once (trying the product on one machine), on the
// built server: p99 beside the goal, p50, requests/s, and the server's memory (RSS) after the load. Run by
// bench.mjs, or alone with `node scripts/bench.mjs --only=embedded`. Figures only, no assertions.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { bearer, DURATION_S, rssMiB, withServer } from './bench-lib.mjs';
import { addTermine } from './bench-termin.mjs';

const APPOINTMENTS = 10_000;
const USERS = 10;
/** Issue 16 goal 4: the patient plan's p99 on PGlite at 10 users at once. */
const P99_GOAL_MS = 500;

export async function runEmbeddedBench() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dihs-bench-embedded-'));
  try {
    await withServer(dataDir, {}, async () => {}); // the first start creates the database and the demo world
    // the server owns the folder while it runs, so the appointments go in while it is stopped
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(path.join(dataDir, 'pg'));
    try {
      await addTermine((sql) => db.exec(sql), APPOINTMENTS);
    } finally {
      await db.close();
    }
    const result = await withServer(dataDir, {}, async ({ base, pid }) => {
      const url = `${base}/api/termin/patient/all`;
      const headers = { authorization: await bearer(base, 'patient@demo.de') };
      const load = await autocannon({
        url,
        headers,
        connections: USERS,
        duration: DURATION_S,
        // JIT, caches and buffers of the freshly started server settle first
        warmup: { connections: USERS, duration: 1 },
      });
      if (load.non2xx > 0 || load.errors > 0) {
        throw new Error(`${url}: ${load.non2xx} Antworten ohne 2xx, ${load.errors} Fehler`);
      }
      return { load, rss: rssMiB(pid) };
    });
    const { latency, requests } = result.load;
    const n = (v, width = 8) => Math.round(v).toLocaleString('de-DE').padStart(width);
    const verdict = latency.p99 <= P99_GOAL_MS ? 'erreicht' : 'verfehlt';
    return [
      `Eingebettete Datenbank (PGlite): GET /api/termin/patient/all, ${USERS} Nutzer gleichzeitig, ` +
        `${APPOINTMENTS.toLocaleString('de-DE')} Termine (${DURATION_S} s)`,
      `  p99                                      ${n(latency.p99)} ms  (Ziel ≤ ${P99_GOAL_MS} ms, ${verdict})`,
      `  p50                                      ${n(latency.p50)} ms`,
      `  Anfragen/s                               ${n(requests.average)}`,
      `  Speicher (RSS) nach der Last             ${n(result.rss)} MiB`,
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
