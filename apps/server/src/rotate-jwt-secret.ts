import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { reencryptLocalFiles, type ReencryptResult } from './lib/file-store.ts';
import { secondFactorSecretBox } from './lib/secret-box.ts';
import { resealSecondFactorSecrets, type ResealResult } from './modules/second-factor/index.ts';

export interface JwtSecretRotation {
  /** null: no database to look into (an embedded data directory without one). */
  secondFactors: ResealResult | null;
  files: ReencryptResult;
}

type RotationConfig = Pick<Config, 'jwtSecret' | 'jwtSecretsPrevious' | 'dataDir'>;

/**
 * Everything the JWT secret encrypts, moved under the current JWT_SECRET (docs/operations.md "Rotating secrets"):
 * the second factors' TOTP keys in the database and the encrypted files in DATA_DIR/files. Tokens need nothing: they
 * expire within TOKEN_TTL_SECONDS.
 */
export async function rotateJwtSecret(db: Database | null, config: RotationConfig): Promise<JwtSecretRotation> {
  const secondFactors = db
    ? await resealSecondFactorSecrets(db, secondFactorSecretBox(config.jwtSecret, config.jwtSecretsPrevious))
    : null;
  const files = await reencryptLocalFiles({
    dataDir: config.dataDir,
    secret: config.jwtSecret,
    previousSecrets: config.jwtSecretsPrevious,
  });
  return { secondFactors, files };
}

/** The command's German report and exit code: 2 when something could not be read with any secret. */
export function rotationReport({ secondFactors, files }: JwtSecretRotation): { lines: string[]; exitCode: 0 | 2 } {
  const lines = [
    secondFactors
      ? `Zweite Faktoren neu versiegelt: ${secondFactors.resealed}; schon mit dem aktuellen Geheimnis: ${secondFactors.current}; nicht lesbar: ${secondFactors.unreadable.length}.`
      : 'Zweite Faktoren: keine Datenbank in diesem Datenverzeichnis.',
    `Dateien neu verschlüsselt: ${files.reencrypted}; schon mit dem aktuellen Geheimnis: ${files.current}; nicht lesbar: ${files.unreadable.length}.`,
  ];
  if (secondFactors?.unreadable.length) {
    lines.push(
      `Nicht lesbare zweite Faktoren (Benutzer-IDs): ${secondFactors.unreadable.join(', ')}. Ist ihr altes Geheimnis ` +
        'nicht in JWT_SECRETS_PREVIOUS, nehmen Sie es dort auf und starten den Befehl erneut; sonst müssen diese ' +
        'Konten ihren zweiten Faktor neu einrichten.',
    );
  }
  if (files.unreadable.length) {
    lines.push(
      `Nicht lesbare Dateien in DATA_DIR/files: ${files.unreadable.join(', ')}. Ist ihr altes Geheimnis nicht ` +
        'in JWT_SECRETS_PREVIOUS, nehmen Sie es dort auf und starten den Befehl erneut.',
    );
  }
  const unreadable = (secondFactors?.unreadable.length ?? 0) + files.unreadable.length;
  if (unreadable === 0) {
    lines.push(
      'Alles ist mit dem aktuellen JWT_SECRET verschlüsselt. Nach Ablauf der Anmeldungen (TOKEN_TTL_SECONDS) kann ' +
        'das alte Geheimnis aus JWT_SECRETS_PREVIOUS entfernt werden.',
    );
  }
  return { lines, exitCode: unreadable > 0 ? 2 : 0 };
}
