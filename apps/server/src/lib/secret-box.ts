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
}

const PREFIX = 'gcm1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function createSecretBox(serverSecret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'dihs-secret-box', purpose, 32));
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(stored) {
      if (!stored.startsWith(PREFIX)) return stored;
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
      if (raw.length <= IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/** The box for second-factor keys; login and set-up must use the same purpose. */
export const secondFactorSecretBox = (serverSecret: string): SecretBox =>
  createSecretBox(serverSecret, 'second-factor-totp-v1');
