import { feedbackResponseSchema } from '@dihs/contract/feedback';
import { iceServersResponseSchema, sitzungInfoSchema, type SitzungInfo } from '@dihs/contract/video';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /video/sitzung/{id}: the same checks as joining, answered with the spec's refusal texts. */
export const getSitzungInfo = (conferenceId: number): Promise<SitzungInfo> =>
  apiRequest(`/video/sitzung/${conferenceId}`, { schema: sitzungInfoSchema });

/** GET /video/iceServers: STUN and short-lived TURN credentials; without them only host candidates are tried. */
export async function getIceServers(): Promise<RTCIceServer[]> {
  try {
    return (await apiRequest('/video/iceServers', { schema: iceServersResponseSchema })).iceServers;
  } catch {
    return [];
  }
}

/** The connection test's "Nachricht senden": the feedback channel to the operators (POST /feedback). */
export const sendTestMessage = (feedback: string): Promise<true> =>
  apiRequest('/feedback', { method: 'POST', json: { email: null, feedback }, schema: feedbackResponseSchema });
