import { feedbackEndpoints, type FeedbackBody } from '@dihs/contract/feedback';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';

/** POST /feedback: stored and mailed to the operators. */
export const useSendFeedback = () =>
  useEndpointMutation(feedbackEndpoints.senden, { toInput: (body: FeedbackBody) => ({ body }) });
