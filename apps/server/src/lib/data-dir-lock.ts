import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * The marker of the process that has the embedded installation's data directory in use: the server (from before
 * it creates or opens the database until it exits), a backup, a restore or a key rotation
 * (docs/operations.md, "Backing up the embedded installation"). Two processes on one PGlite folder would damage it,
 * and a copy taken while the server writes is not consistent, so each of them refuses while another one lives.
 */
export const DATA_DIR_LOCK_FILE = 'in-benutzung.json';

export type DataDirUser = 'server' | 'sicherung' | 'wiederherstellung' | 'schluesselwechsel';

export interface DataDirLock {
  pid: number;
  user: DataDirUser;
  host: string;
  startedAt: string;
  /**
   * Linux: the boot and the process's start time since boot (/proc), so that a marker left by a killed process does
   * not block when its number has been given to another process since (after a restart of the machine or of a
   * container the numbers repeat). Elsewhere null, and a living process of that number counts.
   */
  boot: string | null;
  processStart: string | null;
}

const USER_NAMES: Record<DataDirUser, string> = {
  server: 'der Server',
  sicherung: 'eine Datensicherung',
  wiederherstellung: 'eine Wiederherstellung',
  schluesselwechsel: 'ein Schlüsselwechsel (rotate-jwt-secret.js, rotate-file-key.js)',
};

/** Another living process has the data directory in use; the message names it and what to do. */
export class DataDirBusyError extends Error {
  constructor(
    readonly lockFile: string,
    readonly holder: DataDirLock,
  ) {
    super(
      `Das Datenverzeichnis ${path.dirname(lockFile)} wird gerade benutzt: ${USER_NAMES[holder.user] ?? holder.user} ` +
        `(Prozess ${holder.pid}, gestartet ${holder.startedAt}). ` +
        (holder.user === 'server'
          ? 'Beenden Sie den Server (Strg+C oder SIGTERM) und versuchen Sie es dann noch einmal. '
          : `Warten Sie, bis ${holder.user === 'schluesselwechsel' ? 'er' : 'sie'} fertig ist. `) +
        `Läuft sicher kein solcher Prozess mehr, löschen Sie die Datei ${lockFile}.`,
    );
    this.name = 'DataDirBusyError';
  }
}

const lockPath = (dataDir: string): string => path.join(dataDir, DATA_DIR_LOCK_FILE);

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat: the start time in clock ticks since boot (the name in field 2 may hold spaces). */
function processStartOf(pid: number): string | null {
  const stat = readOrNull(`/proc/${pid}/stat`);
  if (!stat) return null;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

const bootId = (): string | null => readOrNull('/proc/sys/kernel/random/boot_id');

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it lives, under another user
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True when the process that wrote the marker still runs (same machine); a marker of another machine counts. */
function holderAlive(lock: DataDirLock): boolean {
  if (lock.host !== hostname()) return true;
  if (lock.boot && lock.processStart) {
    if (lock.boot !== bootId()) return false;
    return processStartOf(lock.pid) === lock.processStart;
  }
  return processAlive(lock.pid);
}

function parseLock(text: string | null): DataDirLock | null {
  if (text === null) return null;
  try {
    const lock = JSON.parse(text) as Partial<DataDirLock>;
    return Number.isInteger(lock.pid) && typeof lock.user === 'string' ? (lock as DataDirLock) : null;
  } catch {
    return null;
  }
}

/**
 * The living process that has the data directory in use, or null (no marker, or one of a process that has ended:
 * it does not block). An unreadable marker counts as left over too.
 */
export function dataDirHolder(dataDir: string): DataDirLock | null {
  const lock = parseLock(readOrNull(lockPath(dataDir)));
  return lock && holderAlive(lock) ? lock : null;
}

/** The marker this process writes. */
export function ownLock(user: DataDirUser): DataDirLock {
  return {
    pid: process.pid,
    user,
    host: hostname(),
    startedAt: new Date().toISOString(),
    boot: bootId(),
    processStart: processStartOf(process.pid),
  };
}

/**
 * Marks the data directory (which must exist) as used by this process; throws DataDirBusyError while another living
 * process has it. A marker of an ended process is replaced. Returns the marker and its release, which removes it only
 * while it is still this process's (a restore moves the directory away beneath it).
 */
export function acquireDataDirLock(dataDir: string, user: DataDirUser): { lock: DataDirLock; release: () => void } {
  const file = lockPath(dataDir);
  const lock = ownLock(user);
  const text = `${JSON.stringify(lock, null, 2)}\n`;
  for (let attempt = 0; ; attempt++) {
    try {
      // exclusive: of two processes starting at once, one wins
      writeFileSync(file, text, { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) {
        const holder = parseLock(readOrNull(file));
        if (holder && (error as NodeJS.ErrnoException).code === 'EEXIST') throw new DataDirBusyError(file, holder);
        throw error;
      }
      const holder = dataDirHolder(dataDir);
      if (holder) throw new DataDirBusyError(file, holder);
      // left over by an ended process
      unlinkSync(file);
    }
  }
  return { lock, release: () => releaseDataDirLock(dataDir, lock) };
}

/** Removes the marker of `lock` from `dataDir` when it is there (and not another process's since). */
export function releaseDataDirLock(dataDir: string, lock: DataDirLock): void {
  const file = lockPath(dataDir);
  const current = parseLock(readOrNull(file));
  if (current && current.pid === lock.pid && current.startedAt === lock.startedAt) {
    try {
      unlinkSync(file);
    } catch {
      // already gone
    }
  }
}
