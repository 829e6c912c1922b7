import type { SessionClaims } from '@dihs/contract/auth';

const base64Url = (text: string): string =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

export const nowInSeconds = (): number => Math.floor(Date.now() / 1000);

/** An unsigned JWT with the given claims (the browser never checks signatures). */
export function makeToken(claims: Partial<SessionClaims> & Record<string, unknown> = {}): string {
  const payload: SessionClaims = {
    sub: 'patient@demo.de',
    role: 'PATIENT',
    privileges: [],
    userId: 7,
    exp: nowInSeconds() + 3600,
    ...claims,
  };
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.signatur`;
}
