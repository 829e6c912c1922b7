// The FHIR export's figures of `npm run bench` (issue 34 "Measured, not asserted"), on the built server and native
// PostgreSQL (a fresh database on BENCH_DATABASE_URL's server): the demo patient with 200 appointments, 50 submitted
// questionnaires, a year of done marks with pain ratings (every entry of a plan of 30, every day for 365 days), 100
// documentation entries and 20 prescriptions of 2 MB, uploaded through the API (so they lie encrypted in the store
// and the export decrypts them).
// GET /api/datenauskunft/fhir beside GET /api/datenauskunft of the same patient: the median time to the last byte of
// a few exports one after the other, the answer's size, and the server's peak RSS while exporting above its level
// before, each export kind on a fresh server process of its own (the heap one kind grew does not hide the other's).
// Figures only, no assertions. Standalone: node scripts/bench-fhir.mjs (after npm run build).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bearer, rssMiB, withServer, withServerOnPostgres } from './bench-lib.mjs';
import { addDemoPatientPlan, PLAN_ENTRIES } from './bench-plan-world.mjs';

const ROUNDS = Number(process.env.BENCH_FHIR_ROUNDS ?? 5);
const APPOINTMENTS = 200;
const QUESTIONNAIRES = 50;
const DAYS = 365;
const PRESCRIPTIONS = 20;
const PRESCRIPTION_BYTES = 2 * 1024 * 1024;
const NOTES = 100;

const PATIENT = `(select id from benutzer where email = 'patient@demo.de')`;
const THERAPIST = `(select id from benutzer where email = 'therapeut@demo.de')`;

// every server of the run reads the same encrypted files: one master key for all of them (else each data folder
// would get its own), one JWT secret
const SERVER_ENV = {
  SEED_DEMO: 'true',
  OEMBED_URL: 'off',
  LOG_LEVEL: 'warn',
  FILE_MASTER_KEY: randomBytes(32).toString('base64'),
  JWT_SECRET: randomBytes(32).toString('hex'),
};

/** A valid-looking PDF of 2 MB: random bytes inside a comment, so nothing compresses it away. */
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n%'),
  Buffer.from(
    randomBytes(PRESCRIPTION_BYTES)
      .toString('base64')
      .slice(0, PRESCRIPTION_BYTES - 64),
  ),
  Buffer.from('\n%%EOF\n'),
]);

/** The patient's records of realistic size for a year of therapy, written with SQL (the prescriptions excepted). */
async function addWorld(run) {
  // a subscription and the current plan of 30 exercises (bench-plan-world.mjs)
  await addDemoPatientPlan(run);
  // 200 appointments over the past year, one seat of the patient in each; every fifth a group
  await run(`with t as (
      insert into termin (datum, dauer, termintyp, befund, details, therapeut_user_id, max_teilnehmer,
        anzahl_teilnehmer, status)
      select date_trunc('hour', now()) - make_interval(days => 365 - i * 365 / ${APPOINTMENTS}, hours => i % 8), 45,
        case when i % 5 = 0 then 'GRUPPE' else 'EINZEL' end, 'Rückentraining ' || i, 'Bench-Termin', ${THERAPIST},
        case when i % 5 = 0 then 8 else 1 end, 1, 'AKTIV'
      from generate_series(1, ${APPOINTMENTS}) as i
      returning id)
    insert into termin_teilnahme (termin_id, patient_user_id, status, zahlungsart, teilgenommen)
    select id, ${PATIENT}, 'GEBUCHT', 'GUTHABEN', true from t`);
  // 50 submitted questionnaires of the demo's published definition, every active question answered; one at a time,
  // since a patient has one draft at most and a submitted one takes no answers (triggers)
  const { rows: definitions } = await run(
    `select id from fragebogen_definition where veroeffentlicht is not null order by id limit 1`,
  );
  const definitionId = definitions[0].id;
  for (let i = 1; i <= QUESTIONNAIRES; i++) {
    const { rows } = await run(`insert into patient_fragebogen (patient_user_id, definition_id, titel, erstellt_am,
        erstellt_von)
      select ${PATIENT}, ${definitionId}, titel, now() - make_interval(days => ${i * 7}), ${THERAPIST}
      from fragebogen_definition where id = ${definitionId} returning id`);
    await run(`insert into patient_fragebogen_antwort (patient_fragebogen_id, frage_id, antwort)
      select ${rows[0].id}, id, case typ when 'SKALA' then to_jsonb(${i % 11})
        when 'WAHRHEITSWERT' then to_jsonb(${i % 2 === 0}) else to_jsonb('Antwort ' || ${i}) end
      from fragebogen_frage where fragebogen_id = ${definitionId} and aktiv`);
    await run(`update patient_fragebogen set veroeffentlicht = erstellt_am + interval '1 hour'
      where id = ${rows[0].id}`);
  }
  // a year of done marks with a pain rating: every entry of the current plan, every day
  await run(`insert into trainingsplan_erledigt (eintrag_id, patient_user_id, tag, schmerz, erfasst_am)
    select e.id, ${PATIENT}, current_date - d, (e.position + d) % 11, now() - make_interval(days => d)
    from trainingsplan_eintrag e, generate_series(1, ${DAYS}) as d
    where e.set_id = (select max(id) from trainingsplan_set where patient_user_id = ${PATIENT})`);
  // the therapist's documentation: two entries a week of a few sentences
  await run(`insert into dokumentation (patient_user_id, autor_user_id, beitrag, datum)
    select ${PATIENT}, ${THERAPIST}, 'Einheit ' || i || ': Beweglichkeit der Schulter verbessert, Übungen sicher '
      || 'ausgeführt. Schmerz bei Belastung ' || i % 11 || '/10. Plan unverändert, Kontrolle in einer Woche. '
      || repeat('Hinweis zur Haltung am Arbeitsplatz. ', 5), now() - make_interval(days => 365 - i * 365 / ${NOTES})
    from generate_series(1, ${NOTES}) as i`);
  await run('analyze');
}

/** The 20 prescriptions through the API, as the patient uploads them: each file sealed with its own data key. */
async function uploadPrescriptions(base) {
  const authorization = await bearer(base, 'patient@demo.de');
  for (let i = 1; i <= PRESCRIPTIONS; i++) {
    const form = new FormData();
    form.append('description', `Verordnung ${i}`);
    form.append('encrypt', 'true');
    form.append('file', new Blob([PDF], { type: 'application/pdf' }), `verordnung-${i}.pdf`);
    const response = await fetch(`${base}/api/rezepte/upload`, {
      method: 'POST',
      headers: { authorization },
      body: form,
    });
    if (!response.ok) throw new Error(`Rezept ${i}: HTTP ${response.status} ${await response.text()}`);
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * On a fresh server over the same database: RSS after the login, then ROUNDS exports one after the other, RSS
 * sampled every 10 ms. Answers the median seconds to the last byte, the answer's size and the peak above before.
 */
async function measureExport(databaseUrl, exportPath, check) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dihs-bench-fhir-'));
  try {
    return await withServer(dataDir, { ...SERVER_ENV, DATABASE_URL: databaseUrl }, async ({ base, pid }) => {
      const authorization = await bearer(base, 'patient@demo.de');
      const before = rssMiB(pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 10);
      const seconds = [];
      let bytes = 0;
      try {
        for (let i = 0; i < ROUNDS; i++) {
          const started = performance.now();
          const response = await fetch(`${base}${exportPath}`, { headers: { authorization } });
          const body = await response.text();
          seconds.push((performance.now() - started) / 1000);
          if (response.status !== 200) throw new Error(`${exportPath}: HTTP ${response.status} ${body.slice(0, 200)}`);
          bytes = Buffer.byteLength(body);
          if (i === 0) check(JSON.parse(body));
        }
      } finally {
        clearInterval(sampler);
      }
      return { first: seconds[0], median: median(seconds.slice(1)), bytes, before, peakAbove: peak - before };
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** What the FHIR Bundle holds, counted by resource type (so the figures say what was exported). */
function countFhir(bundle, counts) {
  for (const entry of bundle.entry ?? []) {
    const type = entry.resource.resourceType;
    counts[type] = (counts[type] ?? 0) + 1;
  }
}

export async function runFhirBench() {
  return withServerOnPostgres(
    SERVER_ENV,
    async ({ base, client, databaseUrl }) => {
      await addWorld((sql) => client.query(sql));
      await uploadPrescriptions(base);
      const counts = {};
      const json = await measureExport(databaseUrl, '/api/datenauskunft', (file) => {
        if ((file.rezept?.rezept_datei ?? []).length < PRESCRIPTIONS) throw new Error('JSON-Export ohne Rezeptdateien');
      });
      const fhir = await measureExport(databaseUrl, '/api/datenauskunft/fhir', (bundle) => countFhir(bundle, counts));
      const f = (n, digits = 2, width = 8) => n.toFixed(digits).padStart(width);
      const mib = (bytes) => bytes / 1024 / 1024;
      const row = (label, m) =>
        `  ${label.padEnd(34)} ${f(m.median)} s (erste ${f(m.first, 2, 5)} s)  ${f(mib(m.bytes), 1)} MiB  RSS vorher ${f(m.before, 0, 4)} MiB, Spitze +${f(m.peakAbove, 0, 4)} MiB`;
      const ratio = (a, b) => `${(a / b).toFixed(2)} ×`;
      return [
        `FHIR-Export neben dem JSON-Export derselben Patientin (PostgreSQL; ${APPOINTMENTS} Termine, ${QUESTIONNAIRES} Befundfragebögen, ${DAYS} Tage × ${PLAN_ENTRIES} Übungen erledigt mit Schmerzangabe, ${PRESCRIPTIONS} Rezepte à 2 MB verschlüsselt, ${NOTES} Dokumentationseinträge; Median von ${ROUNDS - 1} Exporten nach dem ersten, je Art ein frischer Server)`,
        row('GET /api/datenauskunft (JSON)', json),
        row('GET /api/datenauskunft/fhir', fhir),
        `  FHIR / JSON: Zeit ${ratio(fhir.median, json.median)}, Größe ${ratio(fhir.bytes, json.bytes)}, Speicherspitze ${ratio(fhir.peakAbove, json.peakAbove)}`,
        `  Bundle: ${Object.entries(counts)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([type, n]) => `${type} ${n}`)
          .join(', ')}`,
      ];
    },
    'dihs-bench-fhir-',
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`\n${(await runFhirBench()).join('\n')}\n`);
}
