// The demo patient's world of realistic size that the page benches measure (bench-lighthouse.mjs, bench-inp.mjs,
// issue 36 items 1 and 2), and the routes a patient reaches from the menu and the cockpit.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { DEMO_PASSWORD, bearer } from './bench-lib.mjs';
import { addDemoPatientPlan } from './bench-plan-world.mjs';
import { root } from './lib.mjs';

/** The server of the page benches: the demo data, and a login before each run (more than the limits allow a person). */
export const PAGE_BENCH_ENV = {
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
  OEMBED_URL: 'off',
  LOGIN_RATE_LIMIT_IP: '100000',
  LOGIN_RATE_LIMIT_ACCOUNT: '100000',
};

const PATIENT = `(select id from benutzer where email = 'patient@demo.de')`;
const THERAPIST = `(select id from benutzer where email = 'therapeut@demo.de')`;

/**
 * The demo patient's world of realistic size (issue 36 item 1): a subscription and a plan of 30 exercises
 * (bench-plan-world.mjs), 50 appointments over the coming weeks of which the patient booked 10, 10 prescriptions, and
 * a single session starting in five minutes, booked (its preview page). Answers the session's conference id.
 */
export async function addPatientWorld(run) {
  await addDemoPatientPlan(run);
  await run(`with t as (
      insert into termin (datum, dauer, termintyp, befund, details, therapeut_user_id, max_teilnehmer,
        anzahl_teilnehmer, status)
      select date_trunc('hour', now()) + make_interval(days => 1 + i / 4, hours => 8 + 2 * (i % 4)), 45,
        case when i % 3 = 0 then 'GRUPPE' else 'EINZEL' end, 'Rückentraining ' || i, 'Bench-Termin', ${THERAPIST},
        case when i % 3 = 0 then 8 else 1 end, case when i % 5 = 0 then 1 else 0 end, 'AKTIV'
      from generate_series(1, 50) as i
      returning id, befund)
    insert into termin_teilnahme (termin_id, patient_user_id, status, zahlungsart)
    select id, ${PATIENT}, 'GEBUCHT', 'GUTHABEN' from t where substring(befund from '[0-9]+$')::int % 5 = 0`);
  await run(`insert into rezept (patient_user_id, original_filename, media_type, anmerkung, status, eingereicht)
    select ${PATIENT}, 'verordnung-' || i || '.pdf', 'application/pdf', 'Physiotherapie, 6 × KG',
      (array['NEU','INBEARBEITUNG','ABGERECHNET'])[1 + i % 3], now() - make_interval(days => 9 * i)
    from generate_series(1, 10) as i`);
  const { rows } = await run(`with t as (
      insert into termin (datum, dauer, termintyp, befund, details, therapeut_user_id, max_teilnehmer,
        anzahl_teilnehmer, status)
      values (now() + interval '5 minutes', 45, 'EINZEL', 'Sitzung gleich', 'Bench-Termin', ${THERAPIST}, 1, 1, 'AKTIV')
      returning id)
    insert into termin_teilnahme (termin_id, patient_user_id, status, zahlungsart)
    select id, ${PATIENT}, 'GEBUCHT', 'GUTHABEN' from t returning termin_id`);
  return rows[0].termin_id;
}

/** Every route a patient reaches from the menu and the cockpit, and the session's preview page. */
export const patientPages = (conferenceId) => [
  '/cockpit',
  '/patient/termine',
  '/patient/trainingsplan',
  '/patient/rezepte',
  '/patient/fragebogen',
  '/anamnese',
  '/profil',
  '/patient/guthaben',
  '/patient/abo',
  '/therapeuten',
  '/videos',
  `/video/therapie/patient/${conferenceId}`,
];

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

/** Before a visitor's page: no session stored. */
export async function asVisitor(tab, base) {
  await tab.goto(`${base}/api/health`);
  await tab.evaluate(clearTokenScript());
}

/**
 * Before a patient's page: a fresh login of the demo patient, stored as the app stores it, who (as anyone who has
 * logged in here before) has put the cookie notice away: otherwise that notice, painted with the shell, would be the
 * page's largest paint and hide how long the page itself takes.
 */
export async function asPatient(tab, base) {
  await tab.goto(`${base}/api/health`);
  await tab.evaluate(storeTokenScript((await bearer(base, 'patient@demo.de', DEMO_PASSWORD)).slice(7)));
  await tab.evaluate(() => localStorage.setItem('dihs.cookieHinweis', 'verstanden'));
}
