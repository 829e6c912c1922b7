// The embedded start: the server's memory (RSS) after its first start on a new PGlite folder and after a restart,
// and the time from `npm start` to the first 200 on / (new folder, then again). Run by bench.mjs, or alone with
// `node scripts/bench.mjs --only=start`. Figures only, no assertions.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, rssMiB, SERVER_ENTRY, startServer, stop, waitFor } from './bench-lib.mjs';

/** Starts the built server on the folder, answers its RSS once it is ready, and stops it. */
async function rssAfterStart(dataDir) {
  const port = await freePort();
  const child = startServer(process.execPath, [SERVER_ENTRY], port, dataDir);
  try {
    await waitFor(`http://127.0.0.1:${port}/api/health`);
    return rssMiB(child.pid);
  } finally {
    await stop(child);
  }
}

export async function runStartBench() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dihs-bench-'));
  // The first start creates the database (initdb, migrations, seed); the restart is the usual case.
  const rssFirst = await rssAfterStart(dataDir);
  const rssRestart = await rssAfterStart(dataDir);
  rmSync(dataDir, { recursive: true, force: true });

  // Start time of `npm start` on an installed and built clone: first start (new data folder) and restart.
  const startDir = mkdtempSync(path.join(tmpdir(), 'dihs-bench-start-'));
  const startTimes = [];
  for (let i = 0; i < 2; i++) {
    const startPort = await freePort();
    const started = Date.now();
    const child = startServer('npm', ['start', '--silent'], startPort, startDir);
    try {
      await waitFor(`http://127.0.0.1:${startPort}/`);
      startTimes.push(Date.now() - started);
    } finally {
      await stop(child);
    }
  }
  rmSync(startDir, { recursive: true, force: true });

  const f = (n) => n.toFixed(0).padStart(8);
  // issue 16 goal 4: the embedded start's memory
  const goal = (mib, max) => `Ziel ≤ ${max} MiB, ${mib <= max ? 'erreicht' : 'verfehlt'}`;
  return [
    'Start auf der eingebetteten Datenbank (PGlite)',
    `  Speicher (RSS) nach dem ersten Start     ${f(rssFirst)} MiB  (${goal(rssFirst, 300)}; die Datenbank legt ein eigener Prozess an)`,
    `  Speicher (RSS) nach einem Neustart       ${f(rssRestart)} MiB  (${goal(rssRestart, 250)})`,
    `  npm start bis erste 200 auf /, neu       ${f(startTimes[0])} ms`,
    `  npm start bis erste 200 auf /, erneut    ${f(startTimes[1])} ms`,
  ];
}
