import { generateSecret, generateURI, verify } from 'otplib';

/** Checks an RFC 6238 code (30 s steps), accepting one step of clock drift either way. */
export async function verifyTotp(secret: string, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  try {
    const result = await verify({ secret, token: code, epochTolerance: 30 });
    return result.valid;
  } catch {
    return false;
  }
}

export const newTotpSecret = (): string => generateSecret();

export const totpUri = (secret: string, account: string): string =>
  generateURI({ issuer: 'DiHS Teletherapie', label: account, secret });
