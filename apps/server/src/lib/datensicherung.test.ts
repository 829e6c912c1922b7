import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { create, extract } from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { acquireDataDirLock, DATA_DIR_LOCK_FILE, DataDirBusyError, dataDirHolder, ownLock } from './data-dir-lock.ts';
import {
  createBackup,
  DatensicherungError,
  MANIFEST_FILE,
  readBackupManifest,
  restoreBackup,
} from './datensicherung.ts';

// npm run backup / npm run restore (issue 35 item 5) on a temporary data directory with the embedded database opened
// the way the server opens it (openDatabase on DATA_DIR/pg; a table of the test's own instead of the migrations,
// which would add seconds and test nothing more of the copy).

const root = mkdtempSync(path.join(tmpdir(), 'dihs-datensicherung-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const dataDir = path.join(root, 'data');
const backups = path.join(root, 'backups');

async function withDatabase<T>(use: (db: Db) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ dataDir });
  try {
    return await use(handle.db);
  } finally {
    await handle.close();
  }
}

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

async function readNote(db: Db): Promise<string[]> {
  // both drivers answer { rows }
  const result: unknown = await db.execute(sql`select text from sicherung_probe order by id`);
  return (result as { rows: { text: string }[] }).rows.map((row) => row.text);
}

describe('backup and restore of the embedded data directory', () => {
  it('round-trips the database, the secrets and the mail folder; the current directory is kept aside', async () => {
    await withDatabase(async (db) => {
      await db.execute(sql`create table sicherung_probe (id serial primary key, text text not null)`);
      await db.execute(sql`insert into sicherung_probe (text) values ('vor der Sicherung')`);
    });
    writeFileSync(path.join(dataDir, 'jwt-secret'), 'geheim-vorher', { mode: 0o600 });
    mkdirSync(path.join(dataDir, 'mail'));
    writeFileSync(path.join(dataDir, 'mail', 'eins.eml'), 'Betreff: Termin');

    const { file, manifest } = await createBackup({ dataDir, target: backups, appVersion: '9.9.9' });
    expect(path.dirname(file)).toBe(backups);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(manifest.files.map((f) => f.path)).toEqual(expect.arrayContaining(['jwt-secret', 'mail/eins.eml']));
    expect(manifest.files.some((f) => f.path.startsWith('pg/'))).toBe(true);
    expect(manifest.files.map((f) => f.path)).not.toContain(DATA_DIR_LOCK_FILE);
    expect(existsSync(path.join(dataDir, MANIFEST_FILE))).toBe(false);
    expect(existsSync(path.join(dataDir, DATA_DIR_LOCK_FILE))).toBe(false);
    expect((await readBackupManifest(file)).appVersion).toBe('9.9.9');

    // after the backup: the row changed, another added, the secret replaced, the mail gone
    await withDatabase(async (db) => {
      await db.execute(sql`update sicherung_probe set text = 'geändert'`);
      await db.execute(sql`insert into sicherung_probe (text) values ('nach der Sicherung')`);
    });
    writeFileSync(path.join(dataDir, 'jwt-secret'), 'geheim-nachher');
    rmSync(path.join(dataDir, 'mail'), { recursive: true });

    const restored = await restoreBackup({ dataDir, archive: file });
    expect(restored.previous).toMatch(/data\.vor-wiederherstellung-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d$/);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe('geheim-vorher');
    expect(statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(readFileSync(path.join(dataDir, 'mail', 'eins.eml'), 'utf8')).toBe('Betreff: Termin');
    expect(existsSync(path.join(dataDir, MANIFEST_FILE))).toBe(false);
    expect(await withDatabase(readNote)).toEqual(['vor der Sicherung']);

    // the directory that was replaced is untouched beside it (without the restore's marker)
    const previous = restored.previous!;
    expect(readFileSync(path.join(previous, 'jwt-secret'), 'utf8')).toBe('geheim-nachher');
    expect(existsSync(path.join(previous, DATA_DIR_LOCK_FILE))).toBe(false);
    const handle = await openDatabase({ dataDir: previous });
    try {
      expect(await readNote(handle.db)).toEqual(['geändert', 'nach der Sicherung']);
    } finally {
      await handle.close();
    }
  }, 60_000);

  it('refuses both while a living process (the server) has the data directory in use', async () => {
    const { release } = acquireDataDirLock(dataDir, 'server');
    try {
      await expect(createBackup({ dataDir, target: backups, appVersion: '1' })).rejects.toThrow(DataDirBusyError);
      const [file] = readdirSync(backups);
      await expect(restoreBackup({ dataDir, archive: path.join(backups, file!) })).rejects.toThrow(
        /wird gerade benutzt: der Server \(Prozess \d+.*Beenden Sie den Server/,
      );
      expect(existsSync(path.join(dataDir, 'pg'))).toBe(true);
      // a second server is refused as well
      expect(() => acquireDataDirLock(dataDir, 'server')).toThrow(DataDirBusyError);
    } finally {
      release();
    }
    expect(existsSync(path.join(dataDir, DATA_DIR_LOCK_FILE))).toBe(false);
  });

  it('is not blocked by the marker of an ended process, nor by a number given to another process since', () => {
    const marker = path.join(dataDir, DATA_DIR_LOCK_FILE);
    const ended = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(marker, JSON.stringify({ ...ownLock('server'), pid: ended }));
    expect(dataDirHolder(dataDir)).toBeNull();
    acquireDataDirLock(dataDir, 'sicherung').release();
    expect(existsSync(marker)).toBe(false);
    // this process's number, but not its start: a killed server whose number came back (container restart)
    if (ownLock('server').processStart !== null) {
      writeFileSync(marker, JSON.stringify({ ...ownLock('server'), processStart: '1' }));
      expect(dataDirHolder(dataDir)).toBeNull();
      acquireDataDirLock(dataDir, 'sicherung').release();
    }
    // unreadable: left over as well
    writeFileSync(marker, '{');
    expect(dataDirHolder(dataDir)).toBeNull();
    rmSync(marker);
  });

  it('refuses a missing file, a file that is no archive and an archive without manifest, in German', async () => {
    await expect(readBackupManifest(path.join(root, 'fehlt.tar.gz'))).rejects.toThrow(/gibt es nicht/);
    const text = path.join(root, 'notiz.txt');
    writeFileSync(text, 'Das ist keine Sicherung, nur eine Notiz.\n'.repeat(20));
    await expect(restoreBackup({ dataDir, archive: text })).rejects.toThrow(/kein lesbares Archiv/);
    const foreign = path.join(root, 'fremd.tar.gz');
    mkdirSync(path.join(root, 'fremd'));
    writeFileSync(path.join(root, 'fremd', 'datei.txt'), 'x');
    await create({ gzip: true, file: foreign, cwd: path.join(root, 'fremd') }, ['datei.txt']);
    await expect(restoreBackup({ dataDir, archive: foreign })).rejects.toThrow(
      new DatensicherungError(`${foreign} ist keine DiHS-Datensicherung: ihr fehlt ${MANIFEST_FILE}.`),
    );
    // nothing was moved or unpacked beside the data directory
    const siblings = readdirSync(root).filter((name) => name.startsWith('data.'));
    expect(siblings).toHaveLength(1);
  });

  it('refuses a damaged archive before the current data directory is touched', async () => {
    const small = path.join(root, 'klein');
    mkdirSync(small);
    writeFileSync(path.join(small, 'jwt-secret'), 'echt');
    const { file } = await createBackup({ dataDir: small, target: path.join(root, 'klein.tar.gz'), appVersion: '1' });
    // the same manifest over a changed file
    const unpacked = path.join(root, 'klein-entpackt');
    mkdirSync(unpacked);
    await extract({ file, cwd: unpacked });
    writeFileSync(path.join(unpacked, 'jwt-secret'), 'gefälscht');
    const damaged = path.join(root, 'klein-beschaedigt.tar.gz');
    await create({ gzip: true, file: damaged, cwd: unpacked }, [MANIFEST_FILE, 'jwt-secret']);
    writeFileSync(path.join(small, 'jwt-secret'), 'aktuell');
    await expect(restoreBackup({ dataDir: small, archive: damaged })).rejects.toThrow(
      /ist beschädigt: jwt-secret fehlt oder weicht vom Inhaltsverzeichnis ab\. Das Datenverzeichnis wurde nicht verändert/,
    );
    expect(readFileSync(path.join(small, 'jwt-secret'), 'utf8')).toBe('aktuell');
    expect(readdirSync(root).filter((name) => name.startsWith('klein.'))).toEqual(['klein.tar.gz']);
    expect(existsSync(path.join(small, DATA_DIR_LOCK_FILE))).toBe(false);
  });

  it('refuses a data directory that does not exist and a target inside it', async () => {
    await expect(
      createBackup({ dataDir: path.join(root, 'nicht-da'), target: backups, appVersion: '1' }),
    ).rejects.toThrow(/Das Datenverzeichnis .*nicht-da gibt es nicht: nichts zu sichern/);
    await expect(createBackup({ dataDir, target: path.join(dataDir, 'x.tar.gz'), appVersion: '1' })).rejects.toThrow(
      /läge im Datenverzeichnis/,
    );
  });
});
