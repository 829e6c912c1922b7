// Interaction to Next Paint of `npm run bench` (issue 36 item 2): how quickly a page answers a tap, where a patient
// feels it. A 4× CPU-throttled Chromium (the mobile preset's slowdown) goes through the interactions that matter on
// the demo patient's world of realistic size (bench-patient-world.mjs), each in a fresh tab, INP_RUNS times; the
// `web-vitals` library (its attribution build, injected before the app) reports each interaction's INP with the
// long animation frames behind it, and the median run is printed with its slowest script, beside the bare reference
// (a plain HTML checkbox, measured the same way). Figures only, no assertions; goal ≤ 200 ms each.
// Standalone: node scripts/bench-inp.mjs (after npm run build).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { withServerOnPostgres } from './bench-lib.mjs';
import { PAGE_BENCH_ENV, addPatientWorld, asPatient } from './bench-patient-world.mjs';
import { CHROMIUM_ARGS } from './chromium.mjs';

const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
const RUNS = Number(process.env.INP_RUNS ?? 3);
const CPU_SLOWDOWN = 4;
const GOAL_MS = 200;
/** How long an interaction's INP may take to be reported after its result shows (the observer's next frame). */
const REPORT_WAIT_MS = 2_000;

// the attribution build as one script for the page (the package exports it only by its folder)
const require = createRequire(import.meta.url);
const WEB_VITALS = readFileSync(
  path.join(path.dirname(require.resolve('web-vitals/attribution')), 'web-vitals.attribution.iife.js'),
  'utf8',
);

/**
 * Before the app's first script: web-vitals reports every interaction of 16 ms or more (`reportAllChanges`), with the
 * script that ran longest in its long animation frames (`longestScript`) and the time spent in scripts, style and
 * layout. The page keeps the latest report, which is the worst interaction so far.
 */
const OBSERVER = `${WEB_VITALS}
window.__inp = null;
webVitals.onINP((metric) => {
  const a = metric.attribution;
  const script = a.longestScript;
  window.__inp = {
    value: metric.value,
    target: a.interactionTarget,
    type: a.interactionType,
    inputDelay: a.inputDelay,
    processing: a.processingDuration,
    presentation: a.presentationDelay,
    scripts: a.totalScriptDuration ?? 0,
    styleAndLayout: a.totalStyleAndLayoutDuration ?? 0,
    script: script
      ? {
          duration: script.intersectingDuration,
          subpart: script.subpart,
          source: script.entry.sourceURL,
          fn: script.entry.sourceFunctionName,
          invoker: script.entry.invoker,
        }
      : null,
  };
}, { reportAllChanges: true, durationThreshold: 16 });`;

/** The card an interaction ticked, for its `done`. */
const geklickt = new WeakMap();

/**
 * The interactions of issue 36 item 2, each on the page where a patient does it: `ready` waits until the page can
 * be used, `act` is what the patient does (every click and key of it counts), `done` waits for its visible result.
 */
const INTERACTIONS = [
  {
    name: 'Übung abhaken mit Schmerzwert',
    path: '/patient/trainingsplan',
    ready: (page) => page.getByRole('checkbox', { name: 'Heute erledigt' }).first().waitFor(),
    // an exercise not yet ticked today (each run ticks one more)
    act: async (page) => {
      const haken = page.getByRole('checkbox', { name: 'Heute erledigt' });
      const offen = await haken.evaluateAll((boxes) => boxes.findIndex((box) => !box.checked));
      const karte = page.getByRole('listitem').filter({ has: haken }).nth(offen);
      // the browser's own select: chosen with the arrows (its popup is the browser's, not the page's)
      await karte.getByRole('combobox', { name: 'Schmerz dabei (0–10)' }).focus();
      for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowDown');
      await karte.getByRole('checkbox', { name: 'Heute erledigt' }).click();
      geklickt.set(page, karte);
    },
    done: (page) => geklickt.get(page).getByRole('checkbox', { name: 'Heute erledigt', checked: true }).waitFor(),
  },
  {
    name: 'Warenkorb öffnen und bestätigen',
    path: '/patient/termine',
    ready: (page) => page.getByRole('checkbox', { name: 'Termin auswählen' }).first().waitFor(),
    act: async (page) => {
      await page.getByRole('checkbox', { name: 'Termin auswählen' }).first().click();
      await page.getByRole('button', { name: 'Buchen (1)' }).click();
      await page
        .getByRole('dialog', { name: 'Ihre Buchung' })
        .getByRole('button', { name: 'Buchung bestätigen' })
        .click();
    },
    done: (page) => page.getByRole('dialog', { name: 'Buchung abgeschlossen' }).waitFor(),
  },
  {
    name: 'Filter des Plans wechseln',
    path: '/patient/termine',
    ready: (page) => page.getByRole('radio', { name: 'Gebuchte Termine' }).waitFor(),
    act: (page) => page.getByRole('radio', { name: 'Gebuchte Termine' }).click(),
    done: (page) => page.getByRole('radio', { name: 'Gebuchte Termine', checked: true }).waitFor(),
  },
  {
    name: 'Punkt auf dem Körperbild setzen',
    path: '/anamnese',
    ready: (page) => page.getByRole('radiogroup', { name: 'Haben Sie Schmerzen?', exact: true }).waitFor(),
    act: async (page) => {
      await page
        .getByRole('radiogroup', { name: 'Haben Sie Schmerzen?', exact: true })
        .getByRole('radio', { name: 'Ja', exact: true })
        .check();
      await page.getByRole('application', { name: /Körperbild Vorderseite/ }).click();
    },
    done: (page) =>
      page
        .getByRole('status')
        .filter({ hasText: /^Schmerzpunkt 1 gesetzt/ })
        .waitFor(),
  },
  {
    name: 'Fragebogen öffnen',
    path: '/patient/fragebogen',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Befundfragebögen' }).waitFor(),
    // a new findings questionnaire opens its form
    act: (page) => page.getByRole('button', { name: 'Neuer Befundfragebogen' }).click(),
    done: (page) => page.getByRole('form').first().waitFor(),
  },
  {
    name: 'Dialog öffnen und schließen',
    path: '/profil',
    ready: (page) => page.getByRole('button', { name: 'Meine Daten herunterladen' }).waitFor(),
    act: async (page) => {
      await page.getByRole('button', { name: 'Meine Daten herunterladen' }).click();
      await page
        .getByRole('dialog', { name: 'Daten herunterladen' })
        .getByRole('button', { name: 'Abbrechen' })
        .click();
    },
    done: (page) => page.getByRole('dialog', { name: 'Daten herunterladen' }).waitFor({ state: 'detached' }),
  },
];

/**
 * The bare reference: a plain page with a checkbox whose click writes a line, measured the same way (fresh tab, the
 * same throttling, the same observer): what an interaction costs this browser and machine before any app code.
 */
const BARE = {
  name: 'Referenz: nacktes HTML, Checkbox',
  path: '/bench-nackt',
  ready: (page) => page.getByRole('checkbox', { name: 'Erledigt' }).waitFor(),
  act: (page) => page.getByRole('checkbox', { name: 'Erledigt' }).click(),
  done: (page) => page.getByText('gespeichert').waitFor(),
};
const BARE_HTML = `<!doctype html><html lang="de"><title>Referenz</title><main><label><input type="checkbox"
  onchange="document.querySelector('output').textContent = 'gespeichert'"> Erledigt</label> <output></output></main>`;

/** One run of an interaction in a fresh tab: its worst INP, or null when no interaction took 16 ms or more. */
async function measure(context, base, interaction) {
  const page = await context.newPage();
  try {
    await asPatient(page, base);
    await page.goto(`${base}${interaction.path}`);
    await interaction.ready(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await interaction.act(page);
    await interaction.done(page);
    // the observer reports after the interaction's next paint
    const deadline = Date.now() + REPORT_WAIT_MS;
    let inp = null;
    while (Date.now() < deadline && !inp) {
      await page.waitForTimeout(100);
      inp = await page.evaluate('window.__inp');
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return inp;
  } finally {
    await page.close();
  }
}

const median = (values) => [...values].sort((a, b) => (a?.value ?? 0) - (b?.value ?? 0))[Math.floor(values.length / 2)];

/** The script's function and file (without the site's address), and how long it ran within the interaction. */
const scriptName = (script) => {
  if (!script) return '–';
  const file = script.source ? path.basename(new URL(script.source).pathname) : '–';
  return `${script.fn || script.invoker || 'anonym'} in ${file}, ${Math.round(script.duration)} ms (${script.subpart})`;
};

function line(interaction, inp) {
  if (!inp) return `  ${interaction.name.padEnd(34)} < 16 ms ✓`;
  const ok = inp.value <= GOAL_MS ? '✓' : '✗';
  return (
    `  ${interaction.name.padEnd(34)} ${String(Math.round(inp.value)).padStart(4)} ms ${ok}  ` +
    `(Eingabe ${Math.round(inp.inputDelay)}, Verarbeitung ${Math.round(inp.processing)}, ` +
    `Darstellung ${Math.round(inp.presentation)} ms; Skripte ${Math.round(inp.scripts)}, ` +
    `Stil und Layout ${Math.round(inp.styleAndLayout)} ms; ${inp.type} auf ${inp.target || '–'}; ` +
    `langsamstes Skript: ${scriptName(inp.script)})`
  );
}

export async function runInpBench() {
  const profileDir = mkdtempSync(path.join(tmpdir(), 'dihs-bench-inp-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    args: ['--headless=new', ...CHROMIUM_ARGS],
    viewport: { width: 390, height: 844 },
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
  });
  await context.addInitScript(OBSERVER);
  try {
    return await withServerOnPostgres(
      PAGE_BENCH_ENV,
      async ({ base, client }) => {
        await addPatientWorld((sql) => client.query(sql));
        // the body map is placed on while filling the anamnesis in: the demo patient's signed one is not there yet
        await client.query(
          `delete from anamnese where patient_user_id = (select id from benutzer where email = 'patient@demo.de')`,
        );
        // credit for every run's booking of a single appointment
        await client.query(`insert into guthaben_buchung (patient_user_id, kind, delta, reason, idempotency_key)
          select id, 'bezahltEinzelTermin', 20, 'Bench', 'bench-inp' from benutzer where email = 'patient@demo.de'`);
        const lines = [
          `Interaction to Next Paint (web-vitals, CPU ${CPU_SLOWDOWN}× gedrosselt, 390×844, Median von ${RUNS} Läufen; Ziel ≤ ${GOAL_MS} ms):`,
        ];
        await context.route(`${base}${BARE.path}`, (route) =>
          route.fulfill({ contentType: 'text/html; charset=utf-8', body: BARE_HTML }),
        );
        for (const interaction of [BARE, ...INTERACTIONS].filter(
          (i) => !process.env.INP_ONLY || i.name.includes(process.env.INP_ONLY),
        )) {
          const runs = [];
          for (let run = 0; run < RUNS; run += 1) {
            runs.push(
              await measure(context, base, interaction).catch((error) => {
                throw new Error(`${interaction.name}: ${error.message}`);
              }),
            );
          }
          lines.push(line(interaction, median(runs)));
        }
        return lines;
      },
      'dihs-bench-inp-',
    );
  } finally {
    await context.close();
    rmSync(profileDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`\n${(await runInpBench()).join('\n')}\n`);
}
