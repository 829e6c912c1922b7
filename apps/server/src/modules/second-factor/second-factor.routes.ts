import { z } from 'zod';
import {
  activateBodySchema,
  activateResponseSchema,
  betreiberActivateBodySchema,
  deactivateBodySchema,
  secondFactorStatusSchema,
  secondFactorUserIdParamSchema,
} from '@dihs/contract/second-factor';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { secondFactorSecretBox } from '../../lib/secret-box.ts';
import { guard, sessionOf } from '../../plugins/auth.ts';
import { createSecondFactorService } from './second-factor.service.ts';
import { errorResponses, bearerSecurity } from '../../lib/route-schema.ts';

const errors = errorResponses(400, 401, 403, 404, 429);
const tags = ['Zwei-Faktor'];
const security = bearerSecurity;

export async function secondFactorRoutes(app: AppInstance, { db, config }: AppDeps) {
  const service = createSecondFactorService({ db, secrets: secondFactorSecretBox(config.jwtSecret) });
  // The password check is a guessing target for someone holding a stolen token: ten tries per account and minute.
  const perAccount = {
    rateLimit: {
      max: 10,
      timeWindow: 60_000,
      keyGenerator: (request: { session: { userId: number } | null; ip: string }) =>
        request.session ? `user-${request.session.userId}` : request.ip,
    },
  };
  const operator = guard({ roles: ['BETREIBER'], anyPrivilege: ['BENUTZER_VERWALTEN'] });

  app.get(
    '/api/secondFactor/status',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: 'Ob die eigene Zwei-Faktor-Authentisierung aktiv ist',
        security,
        response: { 200: secondFactorStatusSchema, ...errors },
      },
    },
    (request) => service.status(sessionOf(request).userId),
  );

  app.get(
    '/api/secondFactor/betreiber/status/:userId',
    {
      onRequest: operator,
      schema: {
        tags,
        summary: 'Ob die Zwei-Faktor-Authentisierung eines Benutzers aktiv ist',
        security,
        params: secondFactorUserIdParamSchema,
        response: { 200: secondFactorStatusSchema, ...errors },
      },
    },
    (request) => service.status(request.params.userId),
  );

  app.post(
    '/api/secondFactor/activate',
    {
      onRequest: guard(),
      config: perAccount,
      schema: {
        tags,
        summary: 'Eigene Zwei-Faktor-Authentisierung einrichten (1: Passwort → Schlüssel; 2: mit Schlüssel und Code)',
        security,
        body: activateBodySchema,
        response: { 200: activateResponseSchema, ...errors },
      },
    },
    (request) => service.activate(sessionOf(request).userId, request.body),
  );

  app.post(
    '/api/secondFactor/deactivate',
    {
      onRequest: guard(),
      config: perAccount,
      schema: {
        tags,
        summary: 'Eigene Zwei-Faktor-Authentisierung entfernen (Passwort und Code)',
        security,
        body: deactivateBodySchema,
        response: { 200: z.literal(true), ...errors },
      },
    },
    (request) => service.deactivate(sessionOf(request).userId, request.body),
  );

  app.post(
    '/api/secondFactor/betreiber/activate/:userId',
    {
      onRequest: operator,
      config: perAccount,
      schema: {
        tags,
        summary: 'Zwei-Faktor-Authentisierung eines Betreibers oder Therapeuten einrichten',
        security,
        params: secondFactorUserIdParamSchema,
        body: betreiberActivateBodySchema,
        response: { 200: activateResponseSchema, ...errors },
      },
    },
    (request) => service.activateFor(sessionOf(request).userId, request.params.userId, request.body),
  );

  app.post(
    '/api/secondFactor/betreiber/deactivate/:userId',
    {
      onRequest: operator,
      schema: {
        tags,
        summary: 'Zwei-Faktor-Authentisierung eines Benutzers entfernen',
        security,
        params: secondFactorUserIdParamSchema,
        response: { 200: z.literal(true), ...errors },
      },
    },
    (request) => service.deactivateFor(sessionOf(request).userId, request.params.userId),
  );
}
