// What other modules may call about consents: registration records one, booking and joining check them.
import type { preHandlerHookHandler } from 'fastify';
import type { Database } from '../../db/client.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { requireCurrentConsent } from './einwilligung.service.ts';

export {
  recordRegistrationConsent,
  hasCurrentConsent,
  requireCurrentConsent,
  consentRequiredError,
} from './einwilligung.service.ts';

/**
 * A route's preHandler for what a patient may do only after consenting to the current texts (booking): 409 with
 * CONSENT_REQUIRED otherwise. Other roles pass; an operator booking for a patient is the operator's business.
 */
export const requireConsentOfPatient =
  (db: Database): preHandlerHookHandler =>
  async (request) => {
    const session = sessionOf(request);
    if (session.role === 'PATIENT') await requireCurrentConsent(db, session.userId);
  };
