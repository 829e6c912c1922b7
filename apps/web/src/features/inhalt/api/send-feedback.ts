import { feedbackResponseSchema, type FeedbackBody } from '@dihs/contract/feedback';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /feedback: stored and mailed to the operators. */
export const sendFeedback = (body: FeedbackBody): Promise<true> =>
  apiRequest('/feedback', { method: 'POST', json: body, schema: feedbackResponseSchema });

export const useSendFeedback = () => useMutation({ mutationFn: sendFeedback });
