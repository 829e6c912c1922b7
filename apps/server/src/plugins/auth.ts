import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionClaims } from '@dihs/contract/auth';
import { ERROR_CODES } from '@dihs/contract/common/errors';
import { MESSAGES } from '@dihs/contract/common/messages';
import { hasPrivilege, type Privilege, type Role } from '@dihs/contract/common/roles';
import { HttpError } from '../lib/http-error.ts';
import type { TokenService } from '../lib/jwt.ts';
import { restrictToSecondFactorSetup } from './second-factor-setup.ts';
import type { SessionGate } from './session-gate.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified token's claims; null for a visitor without a token. */
    session: SessionClaims | null;
  }
}

const BEARER = /^Bearer (.+)$/i;
/** How often, at most, one instance notes a session's activity (the write itself skips fresher rows too). */
const TOUCH_EVERY_MS = 60_000;
const TOUCH_MEMORY = 10_000;

export interface AuthPluginOptions {
  tokens: TokenService;
  gate: SessionGate;
  /**
   * Notes a stored session's last activity and the request's address ("Angemeldete Geräte"); called after the
   * answer, at most once a minute per session and instance, its failure only logged.
   */
  touchSession?: (sid: string, address: string) => Promise<void>;
}

/**
 * Reads the bearer token of every request. A token that is present but invalid (forged, expired, alg none) or
 * whose account may no longer log in (see session-gate.ts) answers 401 on every route, so the browser learns at
 * once that its session is gone.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, { tokens, gate, touchSession }: AuthPluginOptions) => {
    app.decorateRequest('session', null);
    function accept(request: FastifyRequest, session: SessionClaims | null): void {
      if (!session) throw HttpError.unauthorized(MESSAGES.sitzungUngueltig, ERROR_CODES.unauthorized);
      request.session = session;
      restrictToSecondFactorSetup(request);
    }
    async function admit(request: FastifyRequest, token: string): Promise<void> {
      const claims = await tokens.verify(token);
      accept(request, claims ? await gate.admit(claims) : null);
    }
    // A callback hook that runs for every request: a visitor's request (no header) passes at once, and a token and
    // an account seen moments ago (the usual case) are decided without a promise; only the rest waits.
    app.addHook('onRequest', (request, _reply, done) => {
      const header = request.headers.authorization;
      if (!header) return done();
      const token = BEARER.exec(header)?.[1];
      const claims = token ? tokens.remembered(token) : null;
      const session = claims ? gate.admitRemembered(claims) : claims;
      if (session === undefined) return void admit(request, token!).then(() => done(), done);
      try {
        accept(request, session);
      } catch (error) {
        return done(error as Error);
      }
      done();
    });
    if (touchSession) {
      const touched = new Map<string, number>();
      // after the answer: no transaction of the request is open any more (the embedded database has one connection)
      app.addHook('onResponse', (request, _reply, done) => {
        const sid = request.session?.sid;
        const now = Date.now();
        if (sid && (touched.get(sid) ?? 0) <= now - TOUCH_EVERY_MS) {
          if (touched.size >= TOUCH_MEMORY) touched.clear();
          touched.set(sid, now);
          touchSession(sid, request.ip).catch((error: unknown) =>
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
