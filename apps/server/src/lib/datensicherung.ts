import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import { chmod, mkdir, rename, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { create, extract, list } from 'tar';
import { acquireDataDirLock, DATA_DIR_LOCK_FILE, releaseDataDirLock, type DataDirLock } from './data-dir-lock.ts';

/**
 * `npm run backup` and `npm run restore` of the embedded installation (docs/operations.md, "Backing up the embedded
 * installation"): one tar.gz of the whole data directory (PGlite's folder, the generated secrets, the mail folder,
 * ...) with a manifest as its first entry. Taken only while no server has the directory in use (data-dir-lock.ts):
 * a stopped PGlite folder is consistent as its files lie, a running one is not.
 */

/** The manifest's name inside the archive; it lies beside the data directory's own files. */
export const MANIFEST_FILE = 'dihs-sicherung.json';
const MANIFEST_KIND = 'dihs-datensicherung';
const MANIFEST_FORMAT = 1;

export interface BackupFile {
  /** Relative to the data directory, with forward slashes. */
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  kind: typeof MANIFEST_KIND;
  format: number;
  createdAt: string;
  appVersion: string;
  /** The data directory it was taken from (for the reader; a restore goes to the DATA_DIR of its own run). */
  dataDir: string;
  files: BackupFile[];
}

/** A refusal or failure whose message is meant for the person at the terminal. */
export class DatensicherungError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatensicherungError';
  }
}

/** 2026-11-28T06-05-09: a time stamp that fits in a file name. */
export const fileTimestamp = (now: Date): string => now.toISOString().slice(0, 19).replaceAll(':', '-');

/** The files below `dir`, relative, sorted; the lock marker and the manifest are not part of a backup. */
function filesBelow(dir: string): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (!relative && (entry.name === DATA_DIR_LOCK_FILE || entry.name === MANIFEST_FILE)) continue;
      if (entry.isDirectory()) walk(name);
      else if (entry.isFile()) found.push(name);
    }
  };
  walk('');
  return found.sort();
}

function sha256Of(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

async function describeFiles(dir: string): Promise<BackupFile[]> {
  const files: BackupFile[] = [];
  for (const name of filesBelow(dir)) {
    const full = path.join(dir, name);
    files.push({ path: name, size: statSync(full).size, sha256: await sha256Of(full) });
  }
  return files;
}

const isInside = (child: string, parent: string): boolean => {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

export interface BackupOptions {
  dataDir: string;
  /** A file name ending in .tar.gz, or a folder to write into; default `backups/` below the working directory. */
  target?: string | undefined;
  appVersion: string;
  now?: Date;
}

export interface BackupResult {
  file: string;
  manifest: BackupManifest;
  bytes: number;
}

/** Writes the backup of `dataDir`; refuses while another process has it in use (DataDirBusyError). */
export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const dataDir = path.resolve(options.dataDir);
  const now = options.now ?? new Date();
  if (!existsSync(dataDir) || !statSync(dataDir).isDirectory()) {
    throw new DatensicherungError(
      `Das Datenverzeichnis ${dataDir} gibt es nicht: nichts zu sichern. Ist DATA_DIR richtig gesetzt ` +
        '(Standard: data im Projektordner)?',
    );
  }
  const fileName = `dihs-sicherung-${fileTimestamp(now)}.tar.gz`;
  // a name ending in .tar.gz (or .tgz) is the file, anything else a folder to write into
  let file = path.resolve(options.target ?? 'backups');
  if (!/\.(tar\.gz|tgz)$/.test(file) || (existsSync(file) && statSync(file).isDirectory())) {
    file = path.join(file, fileName);
  }
  if (isInside(file, dataDir)) {
    throw new DatensicherungError(
      `Die Sicherung ${file} läge im Datenverzeichnis ${dataDir} selbst; wählen Sie einen Ort außerhalb.`,
    );
  }
  if (existsSync(file)) {
    throw new DatensicherungError(`Die Datei ${file} gibt es schon; sie wird nicht überschrieben.`);
  }
  // the backup holds the secrets: readable by this user only
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });

  const { release } = acquireDataDirLock(dataDir, 'sicherung');
  const partial = `${file}.unvollstaendig`;
  const manifestPath = path.join(dataDir, MANIFEST_FILE);
  try {
    const manifest: BackupManifest = {
      kind: MANIFEST_KIND,
      format: MANIFEST_FORMAT,
      createdAt: now.toISOString(),
      appVersion: options.appVersion,
      dataDir,
      files: await describeFiles(dataDir),
    };
    await writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    await writeFile(partial, '', { mode: 0o600 });
    // the manifest first, so that a restore finds it without reading the whole archive twice
    // the folders whole: PostgreSQL needs its empty ones (pg_tblspc, pg_twophase, ...) too
    const entries = readdirSync(dataDir).filter((name) => name !== DATA_DIR_LOCK_FILE && name !== MANIFEST_FILE);
    await create({ gzip: true, file: partial, cwd: dataDir, portable: true, strict: true }, [
      MANIFEST_FILE,
      ...entries.sort(),
    ]);
    await chmod(partial, 0o600);
    await rename(partial, file);
    return { file, manifest, bytes: statSync(file).size };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(manifestPath, { force: true });
    release();
  }
}

/** Reads the manifest of an archive and checks that the whole archive is readable. */
export async function readBackupManifest(archive: string): Promise<BackupManifest> {
  const file = path.resolve(archive);
  if (!existsSync(file)) throw new DatensicherungError(`Die Datei ${file} gibt es nicht.`);
  if (!statSync(file).isFile()) throw new DatensicherungError(`${file} ist keine Datei.`);
  const chunks: Buffer[] = [];
  let entries = 0;
  try {
    await list({
      file,
      strict: true,
      onReadEntry: (entry) => {
        entries++;
        if (entry.path === MANIFEST_FILE) entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      },
    });
  } catch (error) {
    throw new DatensicherungError(
      `${file} ist kein lesbares Archiv (tar.gz): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (entries === 0) throw new DatensicherungError(`${file} ist kein lesbares Archiv (tar.gz).`);
  const notOurs = `${file} ist keine DiHS-Datensicherung`;
  if (chunks.length === 0) throw new DatensicherungError(`${notOurs}: ihr fehlt ${MANIFEST_FILE}.`);
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Partial<BackupManifest>;
  } catch {
    throw new DatensicherungError(`${notOurs}: ${MANIFEST_FILE} ist kein JSON.`);
  }
  if (manifest.kind !== MANIFEST_KIND || !Array.isArray(manifest.files)) {
    throw new DatensicherungError(`${notOurs}: ${MANIFEST_FILE} beschreibt keine.`);
  }
  if (manifest.format !== MANIFEST_FORMAT) {
    throw new DatensicherungError(
      `${file} hat das Sicherungsformat ${String(manifest.format)}; diese Version liest nur ${MANIFEST_FORMAT}.`,
    );
  }
  return manifest as BackupManifest;
}

/** A folder name beside `dataDir` that is not taken yet. */
function freeSibling(dataDir: string, suffix: string): string {
  for (let n = 1; ; n++) {
    const candidate = `${dataDir}.${suffix}${n === 1 ? '' : `-${n}`}`;
    if (!existsSync(candidate)) return candidate;
  }
}

export interface RestoreOptions {
  dataDir: string;
  archive: string;
  now?: Date;
}

export interface RestoreResult {
  dataDir: string;
  manifest: BackupManifest;
  /** Where the data directory that was there before now lies; null when there was none. */
  previous: string | null;
}

/**
 * Brings the backup back into `dataDir`: checks it, unpacks it into a new folder beside the data directory, checks
 * every file against the manifest, then moves the current data directory aside (never deletes it) and the new one
 * into its place. Refuses while another process has the data directory in use.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const dataDir = path.resolve(options.dataDir);
  const archive = path.resolve(options.archive);
  const stamp = fileTimestamp(options.now ?? new Date());
  const manifest = await readBackupManifest(archive);
  if (isInside(archive, dataDir)) {
    throw new DatensicherungError(
      `Die Sicherung ${archive} liegt im Datenverzeichnis selbst; legen Sie sie woanders hin.`,
    );
  }
  const exists = existsSync(dataDir);
  let held: { lock: DataDirLock; release: () => void } | null = null;
  if (exists) held = acquireDataDirLock(dataDir, 'wiederherstellung');
  const staging = freeSibling(dataDir, `wiederherstellung-${stamp}`);
  let previous: string | null = null;
  try {
    await mkdir(staging, { recursive: true, mode: 0o700 });
    // strict: a damaged archive fails here, before the current data directory is touched; paths outside the
    // folder (absolute, ..) are refused by tar itself
    await extract({ file: archive, cwd: staging, strict: true });
    await unlink(path.join(staging, MANIFEST_FILE));
    for (const entry of manifest.files) {
      const full = path.join(staging, entry.path);
      if (
        !isInside(full, staging) ||
        !existsSync(full) ||
        statSync(full).size !== entry.size ||
        (await sha256Of(full)) !== entry.sha256
      ) {
        throw new DatensicherungError(
          `Die Sicherung ${archive} ist beschädigt: ${entry.path} fehlt oder weicht vom Inhaltsverzeichnis ab. ` +
            'Das Datenverzeichnis wurde nicht verändert.',
        );
      }
    }
    if (exists) {
      const aside = freeSibling(dataDir, `vor-wiederherstellung-${stamp}`);
      try {
        await rename(dataDir, aside);
      } catch (error) {
        // a mount point (a container's volume) cannot be moved: nothing has been changed yet
        throw new DatensicherungError(
          `Das Datenverzeichnis ${dataDir} lässt sich nicht nach ${aside} verschieben ` +
            `(${(error as NodeJS.ErrnoException).code ?? String(error)}; ein Einhängepunkt?). Es wurde nicht ` +
            'verändert. Binden Sie den Ordner darüber ein und setzen Sie DATA_DIR auf einen Unterordner.',
        );
      }
      previous = aside;
      if (held) releaseDataDirLock(previous, held.lock);
    }
    await rename(staging, dataDir);
    return { dataDir, manifest, previous };
  } catch (error) {
    // the current data directory back into its place when it was moved aside already
    if (previous && !existsSync(dataDir)) await rename(previous, dataDir);
    if (existsSync(staging)) await rm(staging, { recursive: true, force: true });
    held?.release();
    throw error;
  }
}
