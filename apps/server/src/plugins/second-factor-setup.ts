import type { FastifyRequest } from 'fastify';
import { authEndpoints, ZWEITER_FAKTOR_PFLICHT_TEXT } from '@dihs/contract/auth';
import type { EndpointDeclaration } from '@dihs/contract/common/endpoint';
import { ERROR_CODES } from '@dihs/contract/common/errors';
import { secondFactorEndpoints } from '@dihs/contract/second-factor';
import { HttpError } from '../lib/http-error.ts';

/** What a session that must set up its second factor may still call: the set-up itself, and the logout. */
const SET_UP_ONLY: ReadonlySet<EndpointDeclaration> = new Set<EndpointDeclaration>([
  secondFactorEndpoints.status,
  secondFactorEndpoints.aktivieren,
  authEndpoints.abmelden,
]);

/**
 * REQUIRE_2FA_ROLES: an account of such a role without a second factor logs in, but its session sets up the
 * factor and nothing else. The session gate (session-gate.ts) marks such a session: by the token's claim on every
 * instance, and by this instance's own duty for a token without the claim. Every other endpoint for a logged-in user
 * answers 403; a public one answers as to a visitor, so the session gains nothing there either. Routes outside the
 * contract (the web app's files) pass; the STOMP socket refuses such a session itself (stomp-server.ts).
 */
export function restrictToSecondFactorSetup(request: FastifyRequest): void {
  if (!request.session?.zweiterFaktorEinrichten) return;
  const declaration = request.routeOptions.config.endpoint;
  if (!declaration || SET_UP_ONLY.has(declaration)) return;
  if (declaration.access.kind === 'public') {
    request.session = null;
    return;
  }
  throw new HttpError(403, ZWEITER_FAKTOR_PFLICHT_TEXT, ERROR_CODES.secondFactorSetupRequired);
}
