/** The claims of a bearer header's token, unchecked (tests look at what the server signed). */
export function readJwtClaims(bearer: string): Record<string, unknown> {
  const payload = bearer.replace(/^Bearer /, '').split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}
