// npm run drill: the point-in-time recovery drill (issue 35 item 4, docs/operations.md "Point-in-time recovery").
// Throw-away PostgreSQL clusters of this machine's binaries (PG_BIN) on spare ports in a temporary folder, never the
// system's server: a primary with WAL archiving, the built server on it (migrations, demo seed), a base backup;
// the archive made unwritable once (the failure must show), then through the HTTP API a booking, an encrypted
// prescription and questionnaire answers; the point in time; more changes and an operator's erasure of the patient;
// a restore to a point before the base backup (refused in German); the restore to the point into a new cluster, the
// server on it, and the checks through the API. Prints RPO and RTO. Needs `npm run build -w @dihs/server` first.
// DRILL_BEHALTEN=1 keeps the temporary folder (logs, clusters) for a look afterwards.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, chownSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync } from 'node:fs';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './cluster.mjs';
import { root } from './lib.mjs';
import {
  PG_BIN,
  PG_USER,
  PitrFehler,
  archivStatus,
  asPgUser,
  basissicherung,
  pg,
  wiederherstellungVorbereiten,
} from './pitr.mjs';

const started = Date.now();
const log = (message) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

class DrillFehler extends Error {}

/**
 * Polls `check` until it answers something truthy (answered) or `seconds` passed (DrillFehler with `message`, a
 * function of the last answer). Generous limits: CI machines run this up to 3× slower than a quiet one.
 */
async function waitFor(check, message, { seconds = 60, every = 100 } = {}) {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    const answer = await check();
    if (answer) return answer;
    if (Date.now() > until) throw new DrillFehler(typeof message === 'function' ? message() : message);
    await sleep(every);
  }
}
function expect(condition, message) {
  if (!condition) throw new DrillFehler(message);
}

if (!existsSync(path.join(root, 'apps/server/dist/main.js'))) {
  console.error('Der Server ist nicht gebaut: zuerst npm run build -w @dihs/server.');
  process.exit(1);
}
if (!existsSync(path.join(PG_BIN, 'pg_basebackup'))) {
  console.error(`PostgreSQL-Programme fehlen in ${PG_BIN} (PG_BIN): apt-get install postgresql-15.`);
  process.exit(1);
}

const asRoot = process.getuid?.() === 0;
// as root the folder must be reachable for PG_USER: a TMPDIR below /root is not
const tmpBase =
  asRoot && spawnSync('runuser', ['-u', PG_USER, '--', 'test', '-x', tmpdir()]).status !== 0 ? '/tmp' : tmpdir();
const dir = mkdtempSync(path.join(tmpBase, 'dihs-pitr-'));
if (asRoot) {
  // initdb and postgres refuse root: the clusters belong to PG_USER, who needs the folder
  const id = (flag) => Number(spawnSync('id', [flag, PG_USER], { encoding: 'utf8' }).stdout.trim());
  chownSync(dir, id('-u'), id('-g'));
}
const archiv = path.join(dir, 'archiv');
asPgUser('mkdir', ['-m', '0700', archiv]);

const clusters = [];
const apps = [];

/** A new cluster with WAL archiving into `archiv`, listening on 127.0.0.1:port only. */
function newCluster(name, port) {
  const data = path.join(dir, name);
  pg('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '-N']);
  appendFileSync(
    path.join(data, 'postgresql.conf'),
    [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'wal_level = replica',
      'archive_mode = on',
      // never overwrite an archived file; a failure (exit code not 0) makes PostgreSQL keep the file and retry
      `archive_command = 'test ! -f "${archiv}/%f" && cp "%p" "${archiv}/%f"'`,
      'archive_timeout = 60',
      'max_connections = 40',
      'shared_buffers = 32MB',
      // a throw-away cluster: no waiting for the disk (never in production)
      'fsync = off',
      '',
    ].join('\n'),
  );
  return data;
}

function startCluster(data) {
  clusters.push(data);
  pg('pg_ctl', ['-D', data, '-l', `${data}.log`, '-w', '-t', '90', 'start']);
}

const stopCluster = (data, mode = 'fast') => pg('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop'], { allowFail: true });

async function query(url, sql) {
  const { default: pgClient } = await import('pg');
  const client = new pgClient.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Closes the current WAL file so the archiver takes it (a record first: a switch without new WAL does nothing);
 * answers the closed file's name.
 */
const SWITCH = "select pg_logical_emit_message(false, 'dihs', 'uebung'), pg_walfile_name(pg_switch_wal()) as wal";

const secrets = { JWT_SECRET: randomBytes(32).toString('hex'), FILE_MASTER_KEY: randomBytes(32).toString('base64') };
const appData = path.join(dir, 'app-daten');
mkdirSync(appData);

/** The built server on a free port against `databaseUrl`; resolves with its base URL once /api/health answers 200. */
async function startApp(name, databaseUrl, extra) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const logFile = path.join(dir, `${name}.log`);
  const env = { ...process.env };
  // this run's database and nothing shared with other runs
  for (const key of [
    'DATABASE_OWNER_URL',
    'TEST_DATABASE_URL',
    'REDIS_URL',
    'SMTP_URL',
    'OTEL_EXPORTER_OTLP_ENDPOINT',
  ]) {
    delete env[key];
  }
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', out, out],
    env: {
      ...env,
      ...secrets,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATABASE_URL: databaseUrl,
      DATA_DIR: appData,
      FILE_STORE: 'postgres',
      REQUIRE_2FA_ROLES: 'none',
      LOG_LEVEL: 'warn',
      ...extra,
    },
  });
  closeSync(out);
  const app = { name, base, child, logFile };
  apps.push(app);
  return waitFor(
    async () => {
      if (child.exitCode !== null) throw new DrillFehler(`${name} beendet (${child.exitCode}):\n${tail(logFile)}`);
      try {
        return (await fetch(`${base}/api/health`)).status === 200 && app;
      } catch {
        return false; // not listening yet
      }
    },
    () => `${name} antwortet nicht:\n${tail(logFile)}`,
    { seconds: 90, every: 50 },
  );
}

async function stopApp(app) {
  const { child } = app;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const tail = (file, chars = 3000) => (existsSync(file) ? readFileSync(file, 'utf8').slice(-chars) : '');

/** One API call; answers the response, or throws with status and body when `expected` does not match. */
async function api(app, method, url, { token, json, form, expected = 200 } = {}) {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  if (json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${app.base}/api${url}`, {
    method,
    headers,
    body: json !== undefined ? JSON.stringify(json) : form,
  });
  if (expected !== null && response.status !== expected) {
    throw new DrillFehler(`${method} ${url}: ${response.status} statt ${expected}: ${await response.text()}`);
  }
  return response;
}
const apiJson = async (...args) => (await api(...args)).json();

const login = async (app, email, expected = 200) =>
  (await api(app, 'POST', '/authenticate', { json: { email, password: 'Demo#2026' }, expected })).json();

const claims = (token) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

/** Books one bookable appointment of the plan that needs no card payment (cart + confirm); answers its id. */
async function book(app, token, except = []) {
  const plan = await apiJson(app, 'GET', '/termin/patient/all?ta=frei', { token });
  for (const termin of plan.items.filter((item) => !item.angemeldet && !except.includes(item.id))) {
    const cart = await apiJson(app, 'POST', '/cart/create', { token, json: [{ id: termin.id }], expected: null });
    if (cart.cartId === undefined) continue;
    if (cart.amountCents > 0) {
      await api(app, 'GET', `/cart/patient/cancelPayment/${cart.cartId}`, { token });
      continue;
    }
    const confirmed = await apiJson(app, 'POST', `/cart/confirm/${cart.cartId}`, { token });
    expect(confirmed.status === 'BEZAHLT', `Buchung nicht abgeschlossen: ${JSON.stringify(confirmed)}`);
    return termin.id;
  }
  throw new DrillFehler('Kein Termin ohne Kartenzahlung buchbar (Demo-Daten?).');
}

/** A prescription as a small PDF with a random marker; answers { id, bytes }. */
async function uploadRezept(app, token, name) {
  const bytes = Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${name} ${randomBytes(16).toString('hex')}\n` +
      'trailer << /Root 1 0 R >>\n%%EOF\n',
  );
  const form = new FormData();
  form.append('description', `Wiederherstellungsübung ${name}`);
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), `${name}.pdf`);
  const rezept = await apiJson(app, 'POST', '/rezepte/upload', { token, form });
  return { id: rezept.id, bytes };
}

const antwortenSpeichern = (app, token, bogen, frageId, antwort) =>
  apiJson(app, 'POST', '/fragebogen/patient/save', { token, json: { id: bogen, antworten: [{ frageId, antwort }] } });

/** Stops what this run started (the clusters run detached from us) and removes the folder unless it is kept. */
async function cleanUp() {
  await Promise.all(apps.map(stopApp));
  for (const data of clusters) stopCluster(data, 'immediate');
  if (process.env.DRILL_BEHALTEN) console.log(`Ordner behalten: ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
let aborted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    aborted = true;
    console.error(`\nWiederherstellungsübung abgebrochen (${signal}).`);
    void cleanUp().finally(() => process.exit(130));
  });
}

let failed = false;
try {
  const [port1, port2] = [await freePort(), await freePort()];
  const primaer = newCluster('primaer', port1);
  startCluster(primaer);
  pg('createdb', ['-h', '127.0.0.1', '-p', String(port1), '-U', 'postgres', 'dihs']);
  const url1 = `postgres://postgres@127.0.0.1:${port1}/dihs`;
  log(`Primärer Cluster auf Port ${port1} (${primaer}), WAL-Archiv ${archiv}`);

  let app = await startApp('server-primaer', url1, { SEED_DEMO: 'true' });
  log('Server auf dem primären Cluster läuft (Migrationen, Demo-Daten)');

  const basis = path.join(dir, 'basis');
  const backup = basissicherung({ url: `postgres://postgres@127.0.0.1:${port1}/postgres`, ziel: basis, schnell: true });
  log(`Basissicherung mit pg_basebackup: ${seconds(backup.ende - backup.start)}`);

  // Bad input: an archive PostgreSQL cannot write. The archiver fails, keeps the WAL file and retries; the check
  // reports it; once writable again the waiting files are archived and nothing is lost.
  asPgUser('chmod', ['0500', archiv]);
  const [{ wal: blocked }] = await query(url1, SWITCH);
  let status;
  await waitFor(
    async () => {
      status = await archivStatus(url1);
      return !status.ok && status.failed_count > 0;
    },
    () => `Archivfehler nicht erkannt: ${status.meldung}`,
  );
  log(`Archiv nicht beschreibbar: erkannt (${status.meldung.split(';')[0]})`);
  asPgUser('chmod', ['0700', archiv]);
  await query(url1, SWITCH);
  await waitFor(
    async () => {
      status = await archivStatus(url1);
      return status.ok && status.last_archived_wal >= blocked;
    },
    () => `Archiv wieder beschreibbar, aber ${blocked} nicht archiviert: ${status.meldung}`,
  );
  log(`Archiv wieder beschreibbar: ${blocked} nachgeholt`);

  // before the point in time: a booking, a prescription (encrypted in the database), questionnaire answers
  const patient = (await login(app, 'patient@demo.de')).token;
  const patientId = claims(patient).userId;
  const buchungVorher = await book(app, patient);
  const rezeptVorher = await uploadRezept(app, patient, 'rezept-vorher');
  const bogen = await apiJson(app, 'GET', `/fragebogen/patient/new/${patientId}`, { token: patient });
  const freitext = bogen.antworten.find((antwort) => antwort.frage.typ === 'FREITEXT').frage.id;
  await antwortenSpeichern(app, patient, bogen.id, freitext, 'Antwort vor dem Zeitpunkt');
  await sleep(300);
  const zeitpunkt = new Date();
  log(`Vor dem Zeitpunkt: Buchung (Termin ${buchungVorher}), Rezept ${rezeptVorher.id}, Fragebogen ${bogen.id}`);
  log(`Zeitpunkt: ${zeitpunkt.toISOString()}`);
  await sleep(300);

  // after it: more changes, then the destructive one
  const buchungNachher = await book(app, patient, [buchungVorher]);
  const rezeptNachher = await uploadRezept(app, patient, 'rezept-nachher');
  await antwortenSpeichern(app, patient, bogen.id, freitext, 'Antwort nach dem Zeitpunkt');
  const betreiber = (await login(app, 'betreiber@demo.de')).token;
  await waitFor(
    async () =>
      (await apiJson(app, 'DELETE', `/profil/betreiber/deleteforever/${patientId}/`, { token: betreiber })) ===
      'abgeschlossen',
    'Die Löschung des Patienten endet nicht.',
  );
  await login(app, 'patient@demo.de', 401);
  log(`Nach dem Zeitpunkt: Buchung (Termin ${buchungNachher}), Rezept ${rezeptNachher.id}, Antwort geändert;`);
  log(`der Betreiber hat patient@demo.de (Nr. ${patientId}) endgültig gelöscht: Anmeldung abgelehnt`);

  // the disaster: the server and the cluster go; what the archive holds is what a restore has
  await stopApp(app);
  const [{ wal: last }] = await query(url1, SWITCH);
  await waitFor(
    async () => {
      status = await archivStatus(url1);
      return status.last_archived_wal >= last;
    },
    () => `${last} wurde nicht archiviert: ${status.meldung}`,
    { every: 50 },
  );
  stopCluster(primaer, 'immediate');
  log(`Letzte WAL-Datei ${last} archiviert; primärer Cluster abgeschaltet (immediate)`);

  // Bad input: a point in time before the base backup is refused before anything is written
  const zuFrueh = new Date(backup.start.getTime() - 60_000);
  const zielFrueh = path.join(dir, 'zu-frueh');
  try {
    wiederherstellungVorbereiten({ basis, archiv, zeit: zuFrueh, ziel: zielFrueh, port: port2 });
    throw new DrillFehler('Ein Zeitpunkt vor der Basissicherung wurde nicht abgelehnt.');
  } catch (error) {
    expect(error instanceof PitrFehler && /liegt vor dem Ende der Basissicherung/.test(error.message), String(error));
    expect(!existsSync(zielFrueh), `${zielFrueh} wurde trotz Ablehnung angelegt.`);
    log(`Zeitpunkt vor der Basissicherung abgelehnt: „${error.message.slice(0, 110)}…“`);
  }

  // the restore, timed from its first step to the server answering its readiness probe
  const rto0 = Date.now();
  const wiederhergestellt = path.join(dir, 'wiederhergestellt');
  wiederherstellungVorbereiten({ basis, archiv, zeit: zeitpunkt, ziel: wiederhergestellt, port: port2 });
  const rtoKopie = Date.now();
  try {
    startCluster(wiederhergestellt);
  } catch (error) {
    throw new DrillFehler(`Der wiederhergestellte Cluster startet nicht:\n${tail(`${wiederhergestellt}.log`)}`, {
      cause: error,
    });
  }
  const url2 = `postgres://postgres@127.0.0.1:${port2}/dihs`;
  await waitFor(
    async () => !(await query(url2, 'select pg_is_in_recovery() as recovery'))[0].recovery,
    () => `Die Wiederherstellung endet nicht:\n${tail(`${wiederhergestellt}.log`)}`,
    { every: 50 },
  );
  const rtoDb = Date.now();
  const [{ letzte }] = await query(url2, 'select pg_last_xact_replay_timestamp() as letzte');
  app = await startApp('server-wiederhergestellt', url2, { SEED_DEMO: 'false' });
  const rto1 = Date.now();
  const recoveryLog = readFileSync(`${wiederhergestellt}.log`, 'utf8');
  const stop = /recovery stopping before commit of transaction \d+, time (.+)/.exec(recoveryLog)?.[1];
  log(`Wiederhergestellt auf Port ${port2}; ${stop ? `erste verworfene Transaktion ${stop}` : 'Ziel erreicht'}`);

  // the checks, through the API of the restored server
  const patient2 = (await login(app, 'patient@demo.de')).token;
  expect(claims(patient2).userId === patientId, 'patient@demo.de ist wieder da, aber mit anderer Nummer.');
  const betreiber2 = (await login(app, 'betreiber@demo.de')).token;
  const geloescht = await apiJson(app, 'GET', `/profil/betreiber/istgeloescht/${patientId}/`, { token: betreiber2 });
  expect(geloescht === false, 'Der gelöschte Patient gilt nach der Wiederherstellung noch als gelöscht.');
  const gebucht = (await apiJson(app, 'GET', '/termin/patient/angemeldet', { token: patient2 })).map((t) => t.id);
  expect(gebucht.includes(buchungVorher), `Buchung vor dem Zeitpunkt (Termin ${buchungVorher}) fehlt.`);
  expect(!gebucht.includes(buchungNachher), `Buchung nach dem Zeitpunkt (Termin ${buchungNachher}) ist da.`);
  const rezepte = (await apiJson(app, 'GET', '/rezepte/mine', { token: patient2 })).map((r) => r.id);
  expect(rezepte.includes(rezeptVorher.id), `Rezept vor dem Zeitpunkt (${rezeptVorher.id}) fehlt.`);
  expect(!rezepte.includes(rezeptNachher.id), `Rezept nach dem Zeitpunkt (${rezeptNachher.id}) ist da.`);
  const datei = Buffer.from(
    await (await api(app, 'GET', `/rezepte/my/${rezeptVorher.id}`, { token: patient2 })).arrayBuffer(),
  );
  expect(datei.equals(rezeptVorher.bytes), 'Die Rezeptdatei ergibt entschlüsselt andere Bytes als hochgeladen.');
  const boegen = await apiJson(app, 'GET', '/fragebogen/patient/all', { token: patient2 });
  const antwort = boegen.find((b) => b.id === bogen.id)?.antworten.find((a) => a.frage.id === freitext)?.antwort;
  expect(antwort === 'Antwort vor dem Zeitpunkt', `Fragebogen ${bogen.id}: Antwort „${antwort}“.`);
  log('Geprüft über die API: Patient wieder da und nicht gelöscht; Buchung, Rezept (Datei entschlüsselt, gleiche');
  log('Bytes) und Antwort von vor dem Zeitpunkt da; Buchung, Rezept und Antwort von danach nicht');

  // RPO of the drill: what was committed before the target and is missing. The last kept commit lies before the
  // target, the first discarded one after it: nothing in between, nothing before it lost.
  const verworfen = stop ? new Date(stop.replace(' ', 'T').replace(/\+00$/, 'Z')) : null;
  expect(!verworfen || verworfen > zeitpunkt, `Verworfene Transaktion vor dem Ziel (${stop}).`);
  expect(letzte && new Date(letzte) <= zeitpunkt, `Wiederhergestellte Transaktion nach dem Ziel (${letzte}).`);
  console.log('\nWiederherstellungsübung bestanden.');
  console.log(
    `RPO (Datenverlust vor dem Ziel): keiner. Ziel − letzte wiederhergestellte Transaktion: ` +
      `${seconds(zeitpunkt - new Date(letzte))} (die Übung wartet 0,3 s vor dem Ziel)` +
      `${verworfen ? `; erste verworfene Transaktion ${seconds(verworfen - zeitpunkt)} nach dem Ziel` : ''}.`,
  );
  console.log(
    '    Geht der Server verloren, fehlt, was noch nicht archiviert war: höchstens archive_timeout (hier 60 s) ' +
      'plus die Zeit, bis das Archiv außer Haus kopiert ist.',
  );
  console.log(
    `RTO (Beginn der Wiederherstellung bis /api/health 200): ${seconds(rto1 - rto0)} ` +
      `(Basissicherung kopieren ${seconds(rtoKopie - rto0)}, PostgreSQL-Start und Recovery bis zur Beförderung ` +
      `${seconds(rtoDb - rtoKopie)}, Server-Start ${seconds(rto1 - rtoDb)}).`,
  );
} catch (error) {
  failed = true;
  // an interrupted run's requests fail as its server stops: nothing to report
  if (aborted) await new Promise(() => {});
  console.error(`\nWiederherstellungsübung FEHLGESCHLAGEN: ${error.message}`);
  if (!(error instanceof DrillFehler) && !(error instanceof PitrFehler)) console.error(error);
  for (const app of apps) console.error(`--- ${app.name}:\n${tail(app.logFile, 1500)}`);
  for (const data of clusters) console.error(`--- ${data}.log:\n${tail(`${data}.log`, 1500)}`);
} finally {
  await cleanUp();
  log(`Ende${failed ? ' (fehlgeschlagen)' : ''}`);
}
process.exit(failed ? 1 : 0);
