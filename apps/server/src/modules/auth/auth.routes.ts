import {
  authenticateBodySchema,
  authorityMapSchema,
  privilegeCodesSchema,
  roleParamSchema,
  secondFactorRequiredResponseSchema,
  tokenResponseSchema,
} from '@dihs/contract/auth';
import { errorEnvelopeSchema } from '@dihs/contract/common/errors';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { RateWindow } from '../../lib/rate-window.ts';
import { secondFactorSecretBox } from '../../lib/secret-box.ts';
import { guard } from '../../plugins/auth.ts';
import { authorityMap, createAuthService, privilegesForRole } from './auth.service.ts';
import { FailedAttemptMemory } from './failed-attempts.ts';

const MINUTE = 60_000;
const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 429: errorEnvelopeSchema };

export async function authRoutes(app: AppInstance, { db, tokens, config }: AppDeps) {
  const auth = createAuthService({
    db,
    tokens,
    accountLimit: new RateWindow(config.loginRateLimitAccount, MINUTE),
    failedAttempts: new FailedAttemptMemory(config.jwtSecret),
    secondFactorSecrets: secondFactorSecretBox(config.jwtSecret),
  });
  // Per IP address, before the body is read; the per-account limit lives in the service.
  const ipLimit = { rateLimit: { max: config.loginRateLimitIp, timeWindow: MINUTE } };

  app.post(
    '/api/authenticate',
    {
      config: ipLimit,
      schema: {
        tags: ['Anmeldung'],
        summary: 'Anmeldung mit E-Mail, Passwort und ggf. Auth-Code',
        body: authenticateBodySchema,
        response: { 200: tokenResponseSchema, ...errors },
      },
    },
    (request) => auth.authenticate(request.body),
  );

  app.post(
    '/api/authenticate/secondFactorRequired',
    {
      config: ipLimit,
      schema: {
        tags: ['Anmeldung'],
        summary: 'Ob für diese Anmeldedaten ein Auth-Code nötig ist',
        body: authenticateBodySchema,
        response: { 200: secondFactorRequiredResponseSchema, ...errors },
      },
    },
    (request) => auth.secondFactorRequired(request.body),
  );

  app.get(
    '/api/authority',
    {
      onRequest: guard(),
      schema: {
        tags: ['Anmeldung'],
        summary: 'Vergebbare Berechtigungen je Rolle',
        security: [{ bearer: [] }],
        response: { 200: authorityMapSchema, 401: errorEnvelopeSchema },
      },
    },
    async () => authorityMap(),
  );

  app.get(
    '/api/authority/:role',
    {
      onRequest: guard(),
      schema: {
        tags: ['Anmeldung'],
        summary: 'Vergebbare Berechtigungen einer Rolle',
        security: [{ bearer: [] }],
        params: roleParamSchema,
        response: { 200: privilegeCodesSchema, 400: errorEnvelopeSchema, 401: errorEnvelopeSchema },
      },
    },
    async (request) => privilegesForRole(request.params.role),
  );
}
