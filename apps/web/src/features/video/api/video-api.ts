import { feedbackEndpoints } from '@dihs/contract/feedback';
import { videoEndpoints, type SitzungInfo } from '@dihs/contract/video';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** GET /video/sitzung/{id}: the same checks as joining, answered with the spec's refusal texts. */
export const getSitzungInfo = (conferenceId: number): Promise<SitzungInfo> =>
  callEndpoint(videoEndpoints.sitzung, { params: { conferenceId } });

/** GET /video/iceServers: STUN and short-lived TURN credentials; without them only host candidates are tried. */
export async function getIceServers(): Promise<RTCIceServer[]> {
  try {
    return (await callEndpoint(videoEndpoints.iceServers)).iceServers;
  } catch {
    return [];
  }
}

/** The connection test's "Nachricht senden": the feedback channel to the operators (POST /feedback). */
export const sendTestMessage = (feedback: string): Promise<true> =>
  callEndpoint(feedbackEndpoints.senden, { body: { email: null, feedback } });
