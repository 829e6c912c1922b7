import { errorEnvelopeSchema } from '@dihs/contract/common/errors';
import { feedbackBodySchema, feedbackResponseSchema } from '@dihs/contract/feedback';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { sendFeedback } from './feedback.service.ts';

/** Feedback per IP address: enough for an office behind one address, too few to flood the operators' inboxes. */
export const FEEDBACK_RATE_LIMIT = { max: 10, timeWindow: 10 * 60_000 } as const;

export async function feedbackRoutes(app: AppInstance, deps: AppDeps) {
  app.post(
    '/api/feedback',
    {
      config: { rateLimit: FEEDBACK_RATE_LIMIT },
      schema: {
        tags: ['Feedback'],
        summary: 'Feedback an den Betreiber senden (E-Mail optional)',
        body: feedbackBodySchema,
        response: { 200: feedbackResponseSchema, 400: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request) => {
      await sendFeedback(deps, request.body);
      return true as const;
    },
  );
}
