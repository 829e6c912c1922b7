import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { authEndpoints as api } from '@dihs/contract/auth';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { ERROR_CODES } from '@dihs/contract/common/errors';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { LoginOutcome } from '../../lib/metrics.ts';
import { parseUserAgent } from '../../lib/user-agent.ts';
import { secondFactorSecretBox } from '../../lib/secret-box.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { mailLinks } from '../mail/index.ts';
import { authorityMap, createAuthService, privilegesForRole, type LoginClient } from './auth.service.ts';
import { FAILED_ATTEMPT_MEMORY_MS, FailedAttemptMemory } from './failed-attempts.ts';

const MINUTE = 60_000;

/**
 * The device cookie: a random value the browser keeps for 400 days (the most a browser allows) and sends only to the
 * login; a later login of the same account with the same value comes from a known device (docs/decisions.md, issue
 * 31 item 7). HttpOnly and SameSite=Strict: no script and no other site reads or sends it.
 */
const DEVICE_COOKIE = 'dihs_geraet';
const DEVICE_COOKIE_MAX_AGE_S = 400 * 86_400;
const DEVICE_KEY = /^[A-Za-z0-9_-]{43}$/;

/** The request's device cookie when it carries a well-formed one. */
function deviceKeyOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === DEVICE_COOKIE && value && DEVICE_KEY.test(value)) return value;
  }
  return undefined;
}

/** A refused login's outcome in the metrics (dihs_logins_total), by the refusal's code. */
const LOGIN_OUTCOMES: Record<string, LoginOutcome> = {
  [ERROR_CODES.loginFailed]: 'falsch',
  [ERROR_CODES.accountLocked]: 'gesperrt',
  [ERROR_CODES.accountInactive]: 'inaktiv',
  [ERROR_CODES.secondFactorRequired]: 'code_fehlt',
  [ERROR_CODES.secondFactorInvalid]: 'code_falsch',
  [ERROR_CODES.rateLimited]: 'ratenlimit',
};
const loginOutcomeOf = (error: unknown): LoginOutcome =>
  (error instanceof HttpError && LOGIN_OUTCOMES[error.code ?? '']) || 'fehler';

export async function authRoutes(
  app: AppInstance,
  { db, tokens, config, sessions, mail, metrics, sessionNow = () => new Date() }: AppDeps,
) {
  const auth = createAuthService({
    db,
    tokens,
    accountLimit: app.rateCounter('login-account', config.loginRateLimitAccount, MINUTE),
    failedAttempts: new FailedAttemptMemory(
      config.jwtSecret,
      app.rateCounter('login-fehlversuch', 1, FAILED_ATTEMPT_MEMORY_MS),
    ),
    secondFactorSecrets: secondFactorSecretBox(config.jwtSecret, config.jwtSecretsPrevious),
    sessions,
    requireSecondFactorRoles: config.requireSecondFactorRoles,
    idleTimeoutSeconds: config.idleTimeoutSeconds,
    sendMails: () => void mail.flush().catch(() => undefined),
    loginLink: mailLinks(config.publicUrl).login,
    now: sessionNow,
  });
  const cookieFlags = `Path=${apiUrl(api.anmelden)}; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Strict${
    config.publicUrl.startsWith('https:') ? '; Secure' : ''
  }`;
  // Per IP address, before the body is read; the per-account limit lives in the service.
  const ipLimit = { rateLimit: { max: config.loginRateLimitIp, timeWindow: MINUTE } };

  route(
    app,
    api.anmelden,
    async (request, reply) => {
      const deviceKey = deviceKeyOf(request) ?? randomBytes(32).toString('base64url');
      const client: LoginClient = { ...parseUserAgent(request.headers['user-agent']), adresse: request.ip, deviceKey };
      const answer = await auth.authenticate(request.body, client).catch((error: unknown) => {
        metrics.login(loginOutcomeOf(error));
        throw error;
      });
      metrics.login('erfolg');
      // set again at every login, so a device in use stays known
      reply.header('set-cookie', `${DEVICE_COOKIE}=${deviceKey}; ${cookieFlags}`);
      return answer;
    },
    { config: ipLimit },
  );
  route(app, api.zweiterFaktorNoetig, (request) => auth.secondFactorRequired(request.body), { config: ipLimit });
  route(app, api.abmelden, (request) => auth.logout(sessionOf(request)));
  route(app, api.sitzungen, (request) => auth.listSessions(sessionOf(request)));
  route(app, api.sitzungAbmelden, (request) => auth.endSession(sessionOf(request), request.params.id));
  route(app, api.ueberallAbmelden, (request) => auth.endAllSessions(sessionOf(request)));
  route(app, api.sitzungAktiv, async () => auth.keepAlive());
  route(app, api.berechtigungen, async () => authorityMap());
  // fixed lists of codes, asked on every screen that grants privileges: written by their schema (endpoint-route.ts)
  route(app, api.berechtigungenDerRolle, async (request) => privilegesForRole(request.params.role), {
    schemaSerializer: true,
  });
}
