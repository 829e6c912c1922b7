import { Client } from '@stomp/stompjs';
import { PRIVATE_TOPIC, serverMessageSchema, VIDEO_TIMING } from '@dihs/contract/video';
import { signalingUrl } from '../signaling/stomp-transport.ts';

/** A patient who entered the waiting room of one of the therapist's sessions. */
export interface WaitingPatient {
  conferenceId: number;
  vorname: string;
  nachname: string;
}

export type WaitingRoomConnect = (options: {
  token: string;
  userId: number;
  onWaiting: (patient: WaitingPatient) => void;
}) => () => void;

/** A lost connection is tried again after this long; the signaling of a joined session has its own rules. */
const RECONNECT_MS = 10_000;

/** The waiting-room message of a MESSAGE body, or null for every other message on the topic. */
export function waitingPatientOf(body: string): WaitingPatient | null {
  try {
    const result = serverMessageSchema.safeParse(JSON.parse(body));
    if (!result.success || result.data.type !== 'patientImWarteraum') return null;
    const { conferenceId, vorname, nachname } = result.data;
    return { conferenceId, vorname, nachname };
  } catch {
    return null;
  }
}

/**
 * Listens on the therapist's own topic for patientImWarteraum, on any page: it subscribes and never joins a
 * conference (so it keeps no login session alive, and the server stores nothing for it). Returns the stop function.
 */
export const connectWaitingRoom: WaitingRoomConnect = ({ token, userId, onWaiting }) => {
  const authorization = `Bearer ${token}`;
  const client = new Client({
    brokerURL: signalingUrl(),
    connectHeaders: { Authorization: authorization },
    heartbeatIncoming: VIDEO_TIMING.heartbeatMs,
    heartbeatOutgoing: VIDEO_TIMING.heartbeatMs,
    reconnectDelay: RECONNECT_MS,
    onConnect: () => {
      client.subscribe(
        PRIVATE_TOPIC(userId),
        (message) => {
          const patient = waitingPatientOf(message.body);
          if (patient) onWaiting(patient);
        },
        { Authorization: authorization },
      );
    },
    // a refused login (ended, locked) is not tried again with the same token: a new token starts a new listener
    onStompError: () => void client.deactivate(),
  });
  client.activate();
  return () => void client.deactivate();
};
