import { authEndpoints as api } from '@dihs/contract/auth';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { secondFactorSecretBox } from '../../lib/secret-box.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { authorityMap, createAuthService, privilegesForRole } from './auth.service.ts';
import { FAILED_ATTEMPT_MEMORY_MS, FailedAttemptMemory } from './failed-attempts.ts';

const MINUTE = 60_000;

export async function authRoutes(app: AppInstance, { db, tokens, config, sessions }: AppDeps) {
  const auth = createAuthService({
    db,
    tokens,
    accountLimit: app.rateCounter('login-account', config.loginRateLimitAccount, MINUTE),
    failedAttempts: new FailedAttemptMemory(
      config.jwtSecret,
      app.rateCounter('login-fehlversuch', 1, FAILED_ATTEMPT_MEMORY_MS),
    ),
    secondFactorSecrets: secondFactorSecretBox(config.jwtSecret),
    sessions,
    requireSecondFactorRoles: config.requireSecondFactorRoles,
  });
  // Per IP address, before the body is read; the per-account limit lives in the service.
  const ipLimit = { rateLimit: { max: config.loginRateLimitIp, timeWindow: MINUTE } };

  route(app, api.anmelden, (request) => auth.authenticate(request.body), { config: ipLimit });
  route(app, api.zweiterFaktorNoetig, (request) => auth.secondFactorRequired(request.body), { config: ipLimit });
  route(app, api.abmelden, (request) => auth.logout(sessionOf(request)));
  route(app, api.berechtigungen, async () => authorityMap());
  // fixed lists of codes, asked on every screen that grants privileges: written by their schema (endpoint-route.ts)
  route(app, api.berechtigungenDerRolle, async (request) => privilegesForRole(request.params.role), {
    schemaSerializer: true,
  });
}
