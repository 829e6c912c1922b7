import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionClaims } from '@dihs/contract/auth';
import { ERROR_CODES } from '@dihs/contract/common/errors';
import { MESSAGES } from '@dihs/contract/common/messages';
import { hasPrivilege, type Privilege, type Role } from '@dihs/contract/common/roles';
import { HttpError } from '../lib/http-error.ts';
import type { TokenService } from '../lib/jwt.ts';
import { restrictToSecondFactorSetup } from './second-factor-setup.ts';
import type { SessionActivity } from './session-activity.ts';
import type { Admission, RefusalReason, SessionGate } from './session-gate.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified token's claims; null for a visitor without a token. */
    session: SessionClaims | null;
  }
}

const BEARER = /^Bearer (.+)$/i;

export interface AuthPluginOptions {
  tokens: TokenService;
  gate: SessionGate;
  /**
   * Idle sessions (session-activity.ts): the gate checks them; here every admitted request's activity and address
   * are written after the answer, at most once a minute per session and instance, a failure only logged.
   */
  activity?: SessionActivity;
  /** A path whose bearer is not a login token and is checked by its own route (/metrics: METRICS_TOKEN). */
  ownBearerPath?: string;
}

/** A token that is expired or unreadable. */
const REFUSED: Admission = { refused: 'ungueltig' };

/** The answer to a refused token: a lock and a deactivation say so, an idle session too, the rest "ungültig". */
function refusalError(reason: RefusalReason): HttpError {
  if (reason === 'gesperrt')
    return HttpError.unauthorized(MESSAGES.loginGesperrtFehlversuche, ERROR_CODES.accountLocked);
  if (reason === 'deaktiviert') return HttpError.unauthorized(MESSAGES.loginInaktiv, ERROR_CODES.accountInactive);
  if (reason === 'inaktiv') return HttpError.unauthorized(MESSAGES.sitzungInaktiv, ERROR_CODES.sessionIdle);
  return HttpError.unauthorized(MESSAGES.sitzungUngueltig, ERROR_CODES.unauthorized);
}

/**
 * Reads the bearer token of every request. A token that is present but invalid (forged, expired, alg none), whose
 * account may no longer log in or whose session was idle too long (see session-gate.ts) answers 401 on every route,
 * so the browser learns at once that its session is gone, and why.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, { tokens, gate, activity, ownBearerPath }: AuthPluginOptions) => {
    app.decorateRequest('session', null);
    function accept(request: FastifyRequest, admission: Admission): void {
      if (!('session' in admission)) throw refusalError(admission.refused);
      request.session = admission.session;
      restrictToSecondFactorSetup(request);
    }
    async function admit(request: FastifyRequest, token: string): Promise<void> {
      const claims = await tokens.verify(token);
      accept(request, claims ? await gate.decide(claims) : { refused: 'ungueltig' });
    }
    // A callback hook that runs for every request: a visitor's request (no header) passes at once, and a token, an
    // account and a session seen moments ago (the usual case) are decided without a promise; only the rest waits.
    app.addHook('onRequest', (request, _reply, done) => {
      const header = request.headers.authorization;
      if (!header || request.url === ownBearerPath) return done();
      const token = BEARER.exec(header)?.[1];
      const claims = token ? tokens.remembered(token) : null;
      const admission = claims ? gate.decideRemembered(claims) : claims === null ? REFUSED : undefined;
      if (admission === undefined) return void admit(request, token!).then(() => done(), done);
      try {
        accept(request, admission);
      } catch (error) {
        return done(error as Error);
      }
      done();
    });
    if (activity) {
      // after the answer: no transaction of the request is open any more (the embedded database has one connection)
      app.addHook('onResponse', (request, _reply, done) => {
        const sid = request.session?.sid;
        if (sid) {
          activity
            .persist(sid, request.ip)
            .catch((error: unknown) =>
              request.log.warn(
                { error: error instanceof Error ? error.message : String(error) },
                'Sitzung nicht vermerkt',
              ),
            );
        }
        done();
      });
    }
  },
  { name: 'auth' },
);

/** The session of a request that must be logged in. */
export function sessionOf(request: FastifyRequest): SessionClaims {
  if (!request.session) throw HttpError.unauthorized();
  return request.session;
}

export interface GuardRule {
  roles?: readonly Role[];
  /** At least one of these privileges. */
  anyPrivilege?: readonly Privilege[];
}

/**
 * An onRequest hook (before body validation, so a visitor gets 401, not 400) that requires a session and, optionally,
 * a role and a privilege. A callback hook: it decides synchronously, and a promise per request is measurable here.
 */
export function guard(rule: GuardRule = {}): onRequestHookHandler {
  const check = (session: SessionClaims) => {
    if (rule.roles && !rule.roles.includes(session.role)) throw HttpError.forbidden();
    if (rule.anyPrivilege && !rule.anyPrivilege.some((p) => hasPrivilege(session.privileges, p))) {
      throw HttpError.forbidden();
    }
  };
  return (request, _reply, done) => {
    try {
      check(sessionOf(request));
    } catch (error) {
      done(error as HttpError);
      return;
    }
    done();
  };
}
