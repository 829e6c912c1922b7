import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createBackup, DatensicherungError, restoreBackup } from './lib/datensicherung.ts';
import { serverRoot } from './lib/paths.ts';

/**
 * `npm run backup [Datei oder Ordner]` and `npm run restore <Datei>`: the embedded installation's data directory
 * (DATA_DIR) as one archive (lib/datensicherung.ts, docs/operations.md). Reads DATA_DIR and DATABASE_URL itself
 * instead of loadConfig(), which would create missing secrets in the directory it is about to save or replace.
 */
async function main(): Promise<void> {
  const [command, given] = process.argv.slice(2);
  const argument = given ? path.resolve(given) : undefined;
  if (process.env.DATABASE_URL) {
    throw new DatensicherungError(
      'DATABASE_URL ist gesetzt: die Datenbank liegt auf einem PostgreSQL-Server, und npm run backup sichert nur die ' +
        'eingebettete Installation. Sichern Sie den Server mit pg_basebackup und WAL-Archivierung oder pg_dump und ' +
        'den Ordner DATA_DIR/files (Profil- und Vorschaubilder) mit einer Dateisicherung (docs/operations.md).',
    );
  }
  const dataDir = path.resolve(process.env.DATA_DIR || 'data');
  if (command === 'sichern') {
    const { version } = JSON.parse(readFileSync(path.join(serverRoot(), 'package.json'), 'utf8')) as {
      version: string;
    };
    const { file, manifest, bytes } = await createBackup({ dataDir, target: argument, appVersion: version });
    console.log(
      `Datensicherung geschrieben: ${file}\n` +
        `  aus ${dataDir}: ${manifest.files.length} Dateien, ${(bytes / 1024 / 1024).toFixed(1)} MB gepackt.\n` +
        '  Sie enthält die geheimen Schlüssel (jwt-secret, file-master-key) neben den verschlüsselten Dokumenten:\n' +
        '  bewahren Sie sie so geschützt auf wie das Datenverzeichnis selbst.\n' +
        `  Zurückholen: npm run restore ${shortest(process.cwd(), file)}`,
    );
    return;
  }
  if (command === 'wiederherstellen') {
    if (!argument) {
      throw new DatensicherungError(
        'Welche Sicherung? Aufruf: npm run restore <Datei> (z. B. backups/dihs-sicherung-….tar.gz)',
      );
    }
    const { manifest, previous } = await restoreBackup({ dataDir, archive: argument });
    console.log(
      `Wiederhergestellt: ${dataDir}\n` +
        `  aus ${argument} (Sicherung vom ${manifest.createdAt}, Version ${manifest.appVersion}, ` +
        `${manifest.files.length} Dateien, alle geprüft).\n` +
        (previous
          ? `  Das bisherige Datenverzeichnis liegt unverändert unter ${previous};\n` +
            '  löschen Sie es selbst, wenn der Server mit der Sicherung richtig läuft.\n'
          : '  Ein Datenverzeichnis gab es vorher nicht.\n') +
        '  Starten Sie den Server wieder mit npm start.',
    );
    return;
  }
  throw new DatensicherungError('Aufruf: npm run backup [Datei oder Ordner] | npm run restore <Datei>');
}

/** The file relative to the working folder (npm's: the project root) when it lies below it, else absolute. */
function shortest(from: string, file: string): string {
  const relative = path.relative(from, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
