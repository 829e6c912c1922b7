// Lighthouse figures of `npm run bench` (issue 16, goal 5): performance, accessibility, LCP, CLS and the bytes of
// JavaScript sent, for the landing page (a visitor) and /patient/termine (the demo patient logged in), with the
// mobile and the desktop preset, against the built app served by the built server on a free port with a fresh
// embedded database. Lighthouse drives Debian's Chromium with its simulated throttling (lantern), which depends
// little on how busy the machine is; each page runs LIGHTHOUSE_RUNS times and the run of median performance is
// printed (LIGHTHOUSE_JSON_DIR keeps each run's full report; LIGHTHOUSE_PAGES=/patient/termine and
// LIGHTHOUSE_PRESETS=mobil measure only those). Figures only, no assertions.
// Standalone: node scripts/bench-lighthouse.mjs (after npm run build).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import ts from 'typescript';
import { DEMO_PASSWORD, bearer, freePort, startServer, stop, waitFor } from './bench-lib.mjs';
import { CHROMIUM_ARGS } from './chromium.mjs';
import { root } from './lib.mjs';

const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
// the e2e tests' flags, headless as Lighthouse's own CI runs
const LAUNCH_ARGS = ['--headless=new', ...CHROMIUM_ARGS];
const PRESETS = [
  { name: 'mobil', config: undefined, performanceGoal: 85 },
  { name: 'Desktop', config: desktopConfig, performanceGoal: 95 },
];
const CLS_GOAL = 0.05;

/**
 * The app's own token storage (apps/web/src/lib/auth-storage.ts) as a browser script, as the e2e login stores its
 * token (e2e/support/session-token.ts): encrypted under a non-extractable key in IndexedDB, so only the app's code
 * can write what the app reads at start.
 */
function tokenStorageScript(call) {
  const source = readFileSync(path.join(root, 'apps/web/src/lib/auth-storage.ts'), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  });
  return `(async () => {
    const exports = {};
    ${outputText}
    await exports.tokenStorage().${call};
  })()`;
}
const storeTokenScript = (token) => tokenStorageScript(`save(${JSON.stringify(token)})`);
const clearTokenScript = () => tokenStorageScript('clear()');

/** A comma-separated choice of pages or presets (LIGHTHOUSE_PAGES, LIGHTHOUSE_PRESETS), to measure one while working. */
const selected = (choice, name) => !choice || choice.split(',').includes(name);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * One Lighthouse run with an empty HTTP cache. Lighthouse's own reset would also clear the origin's storage, which
 * holds the session of the logged-in page: the cache is cleared here instead, and the storage kept. `prepare` runs
 * in the browser's first tab before (it stores the session).
 */
/**
 * Lighthouse's own failures to record a load (NO_NAVSTART, NO_FCP: the trace missed the navigation) happen now and
 * then on a loaded machine; such a run is repeated, up to this many times, instead of ending the whole bench.
 */
const RECORDING_ATTEMPTS = 3;

async function audit(browser, url, port, config, prepare, attempt = 1) {
  const [tab] = browser.pages();
  await prepare(tab);
  const cdp = await browser.newCDPSession(tab);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  const { lhr } = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: true,
    },
    config,
  );
  if (lhr.runtimeError) {
    if (attempt < RECORDING_ATTEMPTS) return audit(browser, url, port, config, prepare, attempt + 1);
    throw new Error(`${url}: ${lhr.runtimeError.message}`);
  }
  // a guard that sent the page elsewhere (a lost session) would measure the wrong page
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`${url} endete auf ${lhr.finalDisplayedUrl}`);
  }
  if (process.env.LIGHTHOUSE_JSON_DIR) {
    const name = `${new URL(url).pathname.replaceAll('/', '_')}-${lhr.configSettings.formFactor}-${Date.now()}.json`;
    writeFileSync(path.join(process.env.LIGHTHOUSE_JSON_DIR, name), JSON.stringify(lhr));
  }
  const scripts = lhr.audits['resource-summary'].details.items.find((item) => item.resourceType === 'script');
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    scriptBytes: scripts?.transferSize ?? 0,
    lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '–',
  };
}

async function medianAudit(browser, url, port, config, prepare) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await audit(browser, url, port, config, prepare));
  const middle = median(runs.map((r) => r.performance));
  return runs.find((r) => r.performance === middle);
}

const kB = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
const mark = (ok) => (ok ? '✓' : '✗');

function line(page, preset, r) {
  return (
    `  ${page.padEnd(18)} ${preset.name.padEnd(8)} Leistung ${String(r.performance).padStart(3)} ` +
    `${mark(r.performance >= preset.performanceGoal)} (Ziel ≥ ${preset.performanceGoal})  ` +
    `Barrierefreiheit ${String(r.accessibility).padStart(3)} ${mark(r.accessibility === 100)}  ` +
    `LCP ${(r.lcpMs / 1000).toFixed(1)} s  CLS ${r.cls.toFixed(3)} ${mark(r.cls <= CLS_GOAL)}  ` +
    `JavaScript ${kB(r.scriptBytes)}`
  );
}

export async function runLighthouseBench() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dihs-bench-lighthouse-'));
  const profileDir = mkdtempSync(path.join(tmpdir(), 'dihs-bench-lighthouse-profile-'));
  const port = await freePort();
  const debuggingPort = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // a login before each run of the patient's page: more than the login limits allow a person
  const server = startServer(process.execPath, ['apps/server/dist/main.js'], port, dataDir, {
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT_IP: '10000',
    LOGIN_RATE_LIMIT_ACCOUNT: '10000',
  });
  // a persistent profile: the tab Lighthouse opens shares the storage where the session is put
  const browser = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    args: [...LAUNCH_ARGS, `--remote-debugging-port=${debuggingPort}`],
  });
  try {
    await waitFor(`${base}/api/health`);
    const lines = [`Lighthouse (${RUNS} Läufe je Seite, Median der Leistung; simulierte Drosselung):`];
    const lcpElements = [];
    // the landing page as a visitor sees it: no session stored
    const asVisitor = async (tab) => {
      await tab.goto(`${base}/api/health`);
      await tab.evaluate(clearTokenScript());
    };
    // a fresh login before each run: every run starts as a patient who opens the app with a stored session, and who
    // (as anyone who has logged in here before) has put the cookie notice away: otherwise that notice, painted with
    // the shell, would be the page's largest paint and hide how long the page itself takes
    const asPatient = async (tab) => {
      await tab.goto(`${base}/api/health`);
      await tab.evaluate(storeTokenScript((await bearer(base, 'patient@demo.de', DEMO_PASSWORD)).slice(7)));
      await tab.evaluate(() => localStorage.setItem('dihs.cookieHinweis', 'verstanden'));
    };
    const pages = [
      { path: '/', prepare: asVisitor },
      { path: '/patient/termine', prepare: asPatient },
    ].filter((page) => selected(process.env.LIGHTHOUSE_PAGES, page.path));
    for (const page of pages) {
      for (const preset of PRESETS.filter((p) => selected(process.env.LIGHTHOUSE_PRESETS, p.name))) {
        const result = await medianAudit(browser, `${base}${page.path}`, debuggingPort, preset.config, page.prepare);
        lines.push(line(page.path, preset, result));
        if (page.path === '/') lcpElements.push(`${preset.name}: ${result.lcpElement}`);
      }
    }
    if (lcpElements.length > 0) lines.push(`  LCP-Element auf /: ${lcpElements.join(' | ')}`);
    return lines;
  } finally {
    await browser.close();
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`\n${(await runLighthouseBench()).join('\n')}\n`);
}
