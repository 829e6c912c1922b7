// Point-in-time recovery of a PostgreSQL server (issue 35 item 4, docs/operations.md "Point-in-time recovery"):
// a base backup with pg_basebackup, the state of the continuous WAL archiving, and a restore prepared to a point in
// time from a base backup and the WAL archive. The checks that guard an operator's mistakes (a point in time before
// the base backup, a missing archive, an archive that PostgreSQL cannot write) answer in German.
//
//   node scripts/pitr.mjs basissicherung <folder>     base backup of DATABASE_URL's server into a new folder
//   node scripts/pitr.mjs archiv-pruefen              exit code 2 when the WAL archiving fails (pg_stat_archiver)
//   node scripts/pitr.mjs wiederherstellen --basis <folder> --archiv <folder> --zeit <ISO time with zone>
//        --ziel <new data folder> [--port <port>]    prepares a data folder that recovers up to that time
//
// Runs PostgreSQL's own programs (PG_BIN, default /usr/lib/postgresql/15/bin); as root through runuser as the
// operating-system user `postgres` (PG_USER), because initdb and postgres refuse to run as root. Only Node built-ins
// and pg (a dependency of the server).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
export const PG_USER = process.env.PG_USER ?? 'postgres';
/** Written beside a base backup by basissicherung(): when it started and ended (the earliest point to restore to). */
export const BASIS_INFO = 'dihs-basissicherung.json';

/** An operator's error: its message is German and meant to be shown as it is (no stack). */
export class PitrFehler extends Error {
  name = 'PitrFehler';
}

const asRoot = () => process.getuid?.() === 0;

/** A PostgreSQL program with its arguments, run as PG_USER when we are root. Throws with its output on failure. */
export function pg(program, args, { bin = PG_BIN, allowFail = false } = {}) {
  const command = path.join(bin, program);
  const [cmd, argv] = asRoot() ? ['runuser', ['-u', PG_USER, '--', command, ...args]] : [command, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8', cwd: '/' });
  if (result.error) throw new PitrFehler(`${program} konnte nicht gestartet werden: ${result.error.message}`);
  if (result.status !== 0 && !allowFail) {
    throw new PitrFehler(
      `${program} ist fehlgeschlagen (Exit-Code ${result.status}):\n${result.stderr}${result.stdout}`,
    );
  }
  return result;
}

/** Runs a shell-free command as PG_USER when we are root (cp, mkdir, chmod on folders that user owns). */
export function asPgUser(command, args) {
  const [cmd, argv] = asRoot() ? ['runuser', ['-u', PG_USER, '--', command, ...args]] : [command, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8', cwd: '/' });
  if (result.status !== 0) {
    throw new PitrFehler(`${command} ${args.join(' ')} ist fehlgeschlagen: ${result.stderr || result.error?.message}`);
  }
}

/**
 * A point in time as an operator writes it: ISO 8601 with a zone (Z or ±hh:mm), e.g. 2026-11-28T09:15:00+01:00.
 * A time without zone is refused: on a server in UTC and an operator in Berlin it would be an hour off.
 */
export function parseZeitpunkt(text) {
  const value = String(text ?? '').trim();
  const iso = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}(:?\d{2})?)$/;
  const date = iso.test(value) ? new Date(value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')) : null;
  if (!date || Number.isNaN(date.getTime())) {
    throw new PitrFehler(
      `Ungültiger Zeitpunkt „${value}“: bitte als ISO-Zeit mit Zeitzone angeben, z. B. 2026-11-28T09:15:00+01:00 ` +
        'oder 2026-11-28T08:15:00Z.',
    );
  }
  return date;
}

const berlin = (date) =>
  `${date.toLocaleString('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'medium', timeStyle: 'medium' })} ` +
  `(${date.toISOString()})`;

/** START TIME and the first WAL file of a base backup's backup_label; the times of BASIS_INFO when it is there. */
export function readBasis(basis) {
  const labelFile = path.join(basis, 'backup_label');
  if (!existsSync(labelFile)) {
    throw new PitrFehler(
      `${basis} ist keine Basissicherung von pg_basebackup: backup_label fehlt (Format „plain“ erwartet, ` +
        'ein tar-Format erst auspacken).',
    );
  }
  const label = readFileSync(labelFile, 'utf8');
  const startWal = /START WAL LOCATION: .* \(file ([0-9A-F]{24})\)/.exec(label)?.[1];
  const startTime = /START TIME: (\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) (\S+)/.exec(label);
  if (!startWal || !startTime) throw new PitrFehler(`backup_label in ${basis} ist unvollständig.`);
  const info = existsSync(path.join(basis, BASIS_INFO))
    ? JSON.parse(readFileSync(path.join(basis, BASIS_INFO), 'utf8'))
    : null;
  // backup_label names its zone as the server printed it (UTC, CET, …); our own record has exact ISO times
  const labelStart = startTime[3] === 'UTC' ? new Date(`${startTime[1]}T${startTime[2]}Z`) : null;
  return {
    startWal,
    start: info?.start ? new Date(info.start) : labelStart,
    // without our record the end is unknown: the start is the earliest bound we can check
    ende: info?.ende ? new Date(info.ende) : null,
    startText: `${startTime[1]} ${startTime[2]} ${startTime[3]}`,
  };
}

/**
 * Refuses a point in time that this base backup cannot reach: before its end (PostgreSQL replays forward from a
 * base backup only; it becomes consistent at the backup's end) or in the future. Answers the backup's facts.
 */
export function pruefeZeitpunkt(basis, zeit, jetzt = new Date()) {
  const info = readBasis(basis);
  const grenze = info.ende ?? info.start;
  if (grenze && zeit < grenze) {
    throw new PitrFehler(
      `Der Zeitpunkt ${berlin(zeit)} liegt vor dem ${info.ende ? 'Ende' : 'Beginn'} der Basissicherung ` +
        `${basis} (${berlin(grenze)}). Von einer Basissicherung aus lässt sich nur auf spätere Zeitpunkte ` +
        'wiederherstellen: nehmen Sie eine ältere Basissicherung, die vor diesem Zeitpunkt endete.',
    );
  }
  if (zeit > jetzt) {
    throw new PitrFehler(`Der Zeitpunkt ${berlin(zeit)} liegt in der Zukunft.`);
  }
  return info;
}

/** WAL segment files (24 hex digits) in the archive, sorted. */
function walSegments(archiv) {
  return readdirSync(archiv)
    .filter((name) => /^[0-9A-F]{24}$/.test(name))
    .sort();
}

/**
 * Prepares `ziel` as a data folder that recovers from the base backup `basis` with the WAL of `archiv` up to `zeit`
 * and then becomes a normal server (a new timeline): copies the backup, sets restore_command, recovery_target_time,
 * recovery_target_action = promote (and `port` when given) in postgresql.auto.conf and creates recovery.signal.
 * Checks first, before anything is written: the backup, the archive, the point in time.
 */
export function wiederherstellungVorbereiten({ basis, archiv, zeit, ziel, port }) {
  const info = pruefeZeitpunkt(basis, zeit);
  if (!existsSync(archiv) || !statSync(archiv).isDirectory()) {
    throw new PitrFehler(`Das WAL-Archiv ${archiv} gibt es nicht.`);
  }
  const segmente = walSegments(archiv);
  if (!segmente.some((name) => name.slice(8) >= info.startWal.slice(8))) {
    throw new PitrFehler(
      `Im WAL-Archiv ${archiv} fehlen die WAL-Dateien ab ${info.startWal} (Beginn der Basissicherung): ` +
        'ohne sie endet die Wiederherstellung beim Ende der Basissicherung. Prüfen Sie archive_command.',
    );
  }
  if (existsSync(ziel))
    throw new PitrFehler(`${ziel} gibt es schon: die Wiederherstellung braucht einen neuen Ordner.`);
  asPgUser('cp', ['-a', basis, ziel]);
  const settings = [
    '# Wiederherstellung auf einen Zeitpunkt (scripts/pitr.mjs)',
    `restore_command = 'cp "${archiv}/%f" "%p"'`,
    // a numeric offset: PostgreSQL reads no zone abbreviation (Z, UTC, CET) here
    `recovery_target_time = '${zeit.toISOString().replace('T', ' ').replace('Z', '+00')}'`,
    "recovery_target_action = 'promote'",
    ...(port ? [`port = ${port}`] : []),
  ];
  const auto = path.join(ziel, 'postgresql.auto.conf');
  const before = existsSync(auto) ? readFileSync(auto, 'utf8') : '';
  writeFileSync(auto, `${before}\n${settings.join('\n')}\n`);
  writeFileSync(path.join(ziel, 'recovery.signal'), '');
  // the files written above belong to root when we are root: hand them to the server's user
  if (asRoot()) spawnSync('chown', [`${PG_USER}:`, auto, path.join(ziel, 'recovery.signal')]);
  return info;
}

const wartend = (n) => (n === 1 ? '1 WAL-Datei wartet' : `${n} WAL-Dateien warten`);

/**
 * The state of the WAL archiving as pg_stat_archiver sees it: failing when the last failure is newer than the last
 * success (the archive cannot be written, is full, or archive_command is wrong). PostgreSQL keeps every WAL file
 * that is not archived yet: a failing archive fills pg_wal until the server stops.
 */
export async function archivStatus(connectionString) {
  const { default: pgClient } = await import('pg');
  const client = new pgClient.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select archived_count, last_archived_wal, last_archived_time, failed_count, last_failed_wal,
              last_failed_time, current_setting('archive_mode') as archive_mode,
              current_setting('archive_command') as archive_command
         from pg_stat_archiver`,
    );
    const s = rows[0];
    // the WAL files waiting for the archive: readable for superusers and members of pg_monitor only
    s.wartend = await client
      .query(`select count(*)::int as n from pg_ls_archive_statusdir() where name like '%.ready'`)
      .then((result) => result.rows[0].n)
      .catch(() => '?');
    const fehler = s.last_failed_time && (!s.last_archived_time || s.last_failed_time >= s.last_archived_time);
    let meldung;
    if (s.archive_mode === 'off') {
      meldung =
        'WAL-Archivierung ist aus (archive_mode = off): ohne sie gibt es keine Wiederherstellung auf einen Zeitpunkt.';
    } else if (fehler) {
      meldung =
        `WAL-Archivierung schlägt fehl: ${s.failed_count} Fehlversuch${Number(s.failed_count) === 1 ? '' : 'e'}, zuletzt für ${s.last_failed_wal} am ` +
        `${berlin(s.last_failed_time)}; zuletzt archiviert: ${s.last_archived_wal ?? 'nichts'}` +
        `${s.last_archived_time ? ` am ${berlin(s.last_archived_time)}` : ''}; ${wartend(s.wartend)}. ` +
        'Prüfen Sie, ob archive_command in das Archiv schreiben kann (Rechte, freier Platz, Netz) — das Log des ' +
        'Servers nennt den Fehler. Bis dahin wächst pg_wal.';
    } else {
      meldung =
        `WAL-Archivierung läuft: ${s.archived_count} archiviert, zuletzt ${s.last_archived_wal ?? '–'}` +
        `${s.last_archived_time ? ` am ${berlin(s.last_archived_time)}` : ''}; ${wartend(s.wartend)}.`;
    }
    return { ok: s.archive_mode !== 'off' && !fehler, meldung, ...s };
  } finally {
    await client.end();
  }
}

/** pg_basebackup of the server at `url` into the new folder `ziel` (plain format, WAL streamed, fast checkpoint). */
export function basissicherung({ url, ziel, bin = PG_BIN, schnell = false }) {
  if (existsSync(ziel)) throw new PitrFehler(`${ziel} gibt es schon: die Basissicherung braucht einen neuen Ordner.`);
  const start = new Date();
  pg(
    'pg_basebackup',
    [
      '-d',
      url,
      '-D',
      ziel,
      '-X',
      'stream',
      '-c',
      'fast',
      '-l',
      `dihs ${start.toISOString()}`,
      ...(schnell ? ['-N'] : []),
    ],
    { bin },
  );
  // pg_basebackup returns after the backup's end record: a restore can reach any point after this moment
  const ende = new Date();
  const info = path.join(ziel, BASIS_INFO);
  writeFileSync(info, `${JSON.stringify({ start: start.toISOString(), ende: ende.toISOString() }, null, 2)}\n`);
  if (asRoot()) spawnSync('chown', [`${PG_USER}:`, info]);
  return { start, ende };
}

function option(args, name) {
  const index = args.indexOf(`--${name}`);
  const value = index >= 0 ? args[index + 1] : undefined;
  if (!value) throw new PitrFehler(`--${name} fehlt.`);
  return value;
}

async function main(args) {
  const [command, ...rest] = args;
  if (command === 'basissicherung') {
    if (!process.env.DATABASE_URL || !rest[0])
      throw new PitrFehler('Aufruf: DATABASE_URL=… pitr.mjs basissicherung <neuer Ordner>');
    const { start, ende } = basissicherung({ url: process.env.DATABASE_URL, ziel: path.resolve(rest[0]) });
    console.log(`Basissicherung in ${rest[0]}: ${berlin(start)} bis ${berlin(ende)}.`);
  } else if (command === 'archiv-pruefen') {
    if (!process.env.DATABASE_URL) throw new PitrFehler('Aufruf: DATABASE_URL=… pitr.mjs archiv-pruefen');
    const status = await archivStatus(process.env.DATABASE_URL);
    console.log(status.meldung);
    if (!status.ok) process.exitCode = 2;
  } else if (command === 'wiederherstellen') {
    const ziel = path.resolve(option(rest, 'ziel'));
    const zeit = parseZeitpunkt(option(rest, 'zeit'));
    const port = rest.includes('--port') ? Number(option(rest, 'port')) : undefined;
    wiederherstellungVorbereiten({
      basis: path.resolve(option(rest, 'basis')),
      archiv: path.resolve(option(rest, 'archiv')),
      zeit,
      ziel,
      port,
    });
    console.log(
      `${ziel} ist vorbereitet (Ziel ${berlin(zeit)}). Starten: ${path.join(PG_BIN, 'pg_ctl')} -D ${ziel} -l ` +
        `${ziel}.log start (als ${PG_USER}); fertig, wenn „select pg_is_in_recovery()“ false ergibt. Endet das Log ` +
        'mit „recovery ended before configured recovery target was reached“, reicht das WAL-Archiv nicht bis zum ' +
        'Zeitpunkt: früheren Zeitpunkt wählen oder fehlende WAL-Dateien ins Archiv kopieren, dann in einen neuen Ordner.',
    );
  } else {
    throw new PitrFehler(
      'Befehle: basissicherung <Ordner> | archiv-pruefen | wiederherstellen --basis … --archiv … --zeit … --ziel …',
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error instanceof PitrFehler ? error.message : error);
    process.exit(1);
  });
}
