import { VIDEO_MESSAGES, type ClientCommand } from '@dihs/contract/video';
import { canSee, isMember, type ConferenceRecord, type Outgoing, type Step } from './conference.ts';

export type E2eeKeyCommand = Extract<ClientCommand, { command: 'e2eeKey' }>;

/**
 * Relays a key message of the end-to-end media encryption (issue 17) between members of one conference who may see
 * each other: to peerId, or with peerId 0 to every such member. The payload is a public key or a key wrapped for one
 * recipient, useless to the server; it is passed on as it is and never logged. A sender that is not a member is
 * refused, and so is a key for a member who may not see the sender or for the sender itself; a key for a member who
 * has left is dropped. The conference itself does not change.
 */
export function relayE2eeKey(record: ConferenceRecord, senderId: number, command: E2eeKeyCommand): Step {
  const refuse = (headline: string, description = ''): Step => ({
    next: record,
    out: [{ to: senderId, message: { type: 'error', headline, description } }],
    effects: [],
  });
  if (!isMember(record, senderId)) {
    return refuse(VIDEO_MESSAGES.unbekannt, VIDEO_MESSAGES.nichtBeigetreten);
  }
  // a key for a member who left or was removed a moment ago is stale, not wrong: dropped without a word
  if (command.peerId !== 0 && !isMember(record, command.peerId)) {
    return { next: record, out: [], effects: [] };
  }
  const recipients = record.members
    .map((m) => m.userId)
    .filter((id) => id !== senderId && canSee(record, senderId, id))
    .filter((id) => command.peerId === 0 || id === command.peerId);
  if (command.peerId !== 0 && recipients.length === 0) return refuse(VIDEO_MESSAGES.ungueltigeNachricht);
  const out: Outgoing[] = recipients.map((to) => ({
    to,
    message: { type: 'e2eeKey', peerId: senderId, kind: command.kind, payload: command.payload },
  }));
  return { next: record, out, effects: [] };
}
