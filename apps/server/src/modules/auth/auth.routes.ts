import { z } from 'zod';
import {
  authenticateBodySchema,
  authorityMapSchema,
  passwortResetBodySchema,
  privilegeCodesSchema,
  roleParamSchema,
  secondFactorRequiredResponseSchema,
  tokenResponseSchema,
} from '@dihs/contract/auth';
import { errorEnvelopeSchema } from '@dihs/contract/common/errors';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { RateWindow } from '../../lib/rate-window.ts';
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

  app.post(
    '/api/patient/passwort/reset',
    {
      config: ipLimit,
      schema: {
        tags: ['Anmeldung'],
        summary: 'Passwort-Zurücksetzen anfordern (Antwort unabhängig davon, ob die Adresse existiert)',
        body: passwortResetBodySchema,
        response: { 200: z.literal(true), ...errors },
      },
    },
    // The same answer for every address, so the call does not reveal which accounts exist.
    // Sending the reset mail is part of the accounts module (issue 3).
    async () => true as const,
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
