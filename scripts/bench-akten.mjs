// The health-record lists beside their bare reference (issue 16 goal 2, "the prescription and training-plan lists"):
// the operator's prescription list (first page of all), a patient's own prescriptions and a patient's current
// training plan, on native PostgreSQL with 1,000, 10,000 and 100,000 prescriptions and plan entries of other patients
// in the database. Each request's statements (the audit row included) are captured and replayed by a bare Fastify +
// node-postgres (bench-list-reference.mjs), loaded alternately with the project. Figures only, no assertions.
// Standalone: node scripts/bench.mjs --only=akten (after npm run build).
import { pathToFileURL } from 'node:url';
import { DURATION_S, withServerOnPostgres } from './bench-lib.mjs';
import { formatRow, listsBySize, tableHeader } from './bench-list-reference.mjs';
import { addDemoPatientPlan, addPlan, PLAN_ENTRIES } from './bench-plan-world.mjs';

const SIZES = [1_000, 10_000, 100_000];
// the demo operator reads prescriptions without a second factor (bench only)
const SERVER_ENV = { SEED_DEMO: 'true', OEMBED_URL: 'off', REQUIRE_2FA_ROLES: 'none' };
const LISTS = [
  { label: 'Rezepte (Betreiber)', path: '/api/rezepte/all/ALL', email: 'betreiber@demo.de', route: '/rezepte' },
  { label: 'Eigene Rezepte', path: '/api/rezepte/mine', email: 'patient@demo.de', route: '/eigene' },
  { label: 'Trainingsplan', path: '/api/trainingsplan/my', email: 'patient@demo.de', route: '/plan' },
];

/** patient@demo.de with a subscription and a current plan of 30 (bench-plan-world.mjs), and five own prescriptions. */
async function addPatientWorld(run) {
  await addDemoPatientPlan(run);
  await run(`insert into rezept (patient_user_id, original_filename, media_type, anmerkung)
    select (select id from benutzer where email = 'patient@demo.de'), 'eigen-' || i || '.pdf', 'application/pdf', 'Bench'
    from generate_series(1, 5) as i`);
}

/** `count` prescriptions and about as many plan entries of the other demo patients, spread over the past year. */
async function addOthers(run, count) {
  const others = `(select array_agg(id) from benutzer where rolle = 'PATIENT' and email <> 'patient@demo.de')`;
  await run(`insert into rezept (patient_user_id, original_filename, media_type, anmerkung, status, eingereicht)
    select (${others})[1 + i % 2], 'bench-' || i || '.pdf', 'application/pdf', 'Bench',
      (array['NEU','INBEARBEITUNG','ABGERECHNET','ABGELEHNT'])[1 + i % 4], now() - make_interval(mins => i % 525600)
    from generate_series(1, ${count}) as i`);
  await addPlan(run, `(${others})[1]`, Math.round(count / PLAN_ENTRIES));
  await run('analyze rezept');
  await run('analyze trainingsplan_eintrag');
}

export async function runAktenBench() {
  return withServerOnPostgres(
    SERVER_ENV,
    async ({ base, pid, databaseUrl, client }) => {
      const run = (sql) => client.query(sql);
      await addPatientWorld(run);
      const { rows, statements } = await listsBySize({
        base,
        serverPid: pid,
        databaseUrl,
        env: SERVER_ENV,
        lists: LISTS,
        sizes: SIZES,
        grow: (count) => addOthers(run, count),
      });
      const percent = (v) => `${Math.round(v)} %`;
      return [
        `Akten-Listen auf PostgreSQL neben nacktem Fastify + node-postgres mit denselben SQL-Anweisungen (${DURATION_S} s je Seite, 50 Verbindungen; Rezepte und Planeinträge anderer Patienten in der Datenbank)`,
        tableHeader('Liste', 'Zeilen'),
        ...rows.map(({ list, size, pair }) => formatRow(list.label, size, pair)),
        ...LISTS.map((list) => {
          const series = rows.filter((row) => row.list === list);
          const flat = (series.at(-1).pair.project.rps / series[0].pair.project.rps) * 100;
          return `  ${list.label}: 100.000 / 1.000 Zeilen = ${percent(flat)} der Anfragen/s (flach); ${statements[list.path].length} SQL-Anweisungen je Anfrage (Protokollzeilen eingeschlossen)`;
        }),
        '  Ziel: Projekt ≥ 70 % der Referenz, p99 ≤ 100 ms, flach von 1.000 bis 100.000',
      ];
    },
    'dihs-bench-akten-',
  );
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(`\n${(await runAktenBench()).join('\n')}\n`);
}
