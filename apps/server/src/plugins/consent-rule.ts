import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { EndpointDeclaration } from '@dihs/contract/common/endpoint';
import { sessionOf } from './auth.ts';

/** Refuses (409 CONSENT_REQUIRED) a patient who has not consented to the current consent texts. */
export type ConsentCheck = (patientUserId: number) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The consent check of `requiresConsent` declarations; the einwilligung module provides it (app.ts). */
    consentCheck: ConsentCheck;
  }
}

/**
 * The preHandler of a declaration with `requiresConsent`: a patient passes only with consent to the current texts,
 * other roles pass. It runs after the access and need-to-know checks, before the handler and outside any
 * transaction. An app without the check cannot bind such a declaration: it would book without consent.
 */
export function consentHook(app: FastifyInstance, declaration: EndpointDeclaration): preHandlerHookHandler | undefined {
  if (!declaration.requiresConsent) return undefined;
  if (!app.hasDecorator('consentCheck')) {
    throw new Error(`${declaration.method} ${declaration.path}: requiresConsent braucht die Einwilligungsprüfung`);
  }
  const check = app.consentCheck;
  return async (request) => {
    const session = sessionOf(request);
    if (session.role === 'PATIENT') await check(session.userId);
  };
}
