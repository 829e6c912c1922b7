import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts short secrets for storage in the database (the TOTP keys): AES-256-GCM with a key derived (HKDF-SHA256)
 * from the server secret, so a copy of the database alone does not let anyone compute login codes.
 */
export interface SecretBox {
  seal(plain: string): string;
  /**
   * The plain secret; null when it cannot be decrypted (another server secret, damaged value). A value stored
   * without encryption (no prefix, e.g. written by a test fixture) is answered as it is.
   */
  open(stored: string): string | null;
  /** Whether the value is sealed with the current server secret (rotate-jwt-secret.js leaves such values alone). */
  sealedWithCurrent(stored: string): boolean;
}

const PREFIX = 'gcm1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keyOf = (serverSecret: string, purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', serverSecret, 'dihs-secret-box', purpose, 32));

function openWith(key: Buffer, raw: Buffer): string | null {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * Seals with the key of `serverSecret`; opens with it, else with the key of one of `previousSecrets`
 * (JWT_SECRETS_PREVIOUS), so a rotation of the server secret leaves stored values readable until they are re-sealed.
 */
export function createSecretBox(
  serverSecret: string,
  purpose: string,
  previousSecrets: readonly string[] = [],
): SecretBox {
  const key = keyOf(serverSecret, purpose);
  const keys = [key, ...previousSecrets.filter((old) => old !== serverSecret).map((old) => keyOf(old, purpose))];
  const rawOf = (stored: string): Buffer | null => {
    const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
    return raw.length > IV_BYTES + TAG_BYTES ? raw : null;
  };
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(stored) {
      if (!stored.startsWith(PREFIX)) return stored;
      const raw = rawOf(stored);
      if (!raw) return null;
      for (const candidate of keys) {
        const plain = openWith(candidate, raw);
        if (plain !== null) return plain;
      }
      return null;
    },
    sealedWithCurrent(stored) {
      const raw = stored.startsWith(PREFIX) ? rawOf(stored) : null;
      return raw !== null && openWith(key, raw) !== null;
    },
  };
}

/** The box for second-factor keys; login and set-up must use the same purpose. */
export const secondFactorSecretBox = (serverSecret: string, previousSecrets: readonly string[] = []): SecretBox =>
  createSecretBox(serverSecret, 'second-factor-totp-v1', previousSecrets);
