import { createHmac } from 'node:crypto';
import type { IceServersResponse } from '@dihs/contract/video';

/**
 * STUN servers and, with a TURN relay, credentials of coturn's REST API scheme (use-auth-secret): the username is
 * `{expiry unix seconds}:{userId}`, the password base64(HMAC-SHA1(secret, username)). coturn checks both without
 * asking us, and they stop working at the expiry.
 */
export function iceServersFor(
  input: { stunUrls: string[]; turnUrl: string | undefined; turnSecret: string | undefined; turnTtlSeconds: number },
  userId: number,
  now: Date,
): IceServersResponse {
  const iceServers: IceServersResponse['iceServers'] = [];
  if (input.stunUrls.length > 0) iceServers.push({ urls: input.stunUrls });
  if (input.turnUrl && input.turnSecret) {
    const username = `${Math.floor(now.getTime() / 1000) + input.turnTtlSeconds}:${userId}`;
    const credential = createHmac('sha1', input.turnSecret).update(username).digest('base64');
    iceServers.push({ urls: input.turnUrl, username, credential });
  }
  return { iceServers, ttlSeconds: input.turnTtlSeconds };
}
