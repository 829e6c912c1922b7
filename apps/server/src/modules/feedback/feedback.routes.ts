import { feedbackEndpoints as api } from '@dihs/contract/feedback';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { sendFeedback } from './feedback.service.ts';

/** Feedback per IP address: enough for an office behind one address, too few to flood the operators' inboxes. */
export const FEEDBACK_RATE_LIMIT = { max: 10, timeWindow: 10 * 60_000 } as const;

export async function feedbackRoutes(app: AppInstance, deps: AppDeps) {
  route(
    app,
    api.senden,
    async (request) => {
      await sendFeedback(deps, request.body);
      return true as const;
    },
    { config: { rateLimit: FEEDBACK_RATE_LIMIT } },
  );
}
