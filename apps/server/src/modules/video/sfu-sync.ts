import type { ConferenceRecord } from './conference.ts';
import type { SfuRooms } from './janus-rooms.ts';

/** What Janus must do so that its room matches the conference after a step. */
export interface SfuChanges {
  /** Members gone (left, disconnected or kicked, or every member at the end): token withdrawn, feed removed. */
  revoke: number[];
  /** Microphones to mute (true) or allow again (false) in Janus. */
  moderate: { userId: number; muted: boolean }[];
  /** The conference ended, its last member left or it turned peer-to-peer: the room goes. */
  destroy: boolean;
}

/**
 * Compares the conference before and after a step (pure). The state machine stays the one source of the rules
 * (lock, kick, mute, highlight, end); Janus only follows it, whatever command caused the change.
 */
export function sfuChanges(before: ConferenceRecord | null, after: ConferenceRecord | null): SfuChanges {
  const none: SfuChanges = { revoke: [], moderate: [], destroy: false };
  if (!before) return none;
  const everyone = { ...none, revoke: before.members.map((m) => m.userId), destroy: true };
  // a conference that left the SFU: at its end a room that a join racing the switch created again goes too
  if (before.mode !== 'sfu') return before.e2eeFallback && after === null ? everyone : none;
  // the conference left the SFU (a member who cannot encrypt turned it peer-to-peer): the room and every feed go
  if (after && after.mode !== 'sfu') return everyone;
  const remaining = new Map((after?.members ?? []).map((m) => [m.userId, m]));
  const revoke = before.members.filter((m) => !remaining.has(m.userId)).map((m) => m.userId);
  const moderate: SfuChanges['moderate'] = [];
  for (const old of before.members) {
    const now = remaining.get(old.userId);
    if (!now) continue;
    // a member muted by the therapist is muted in Janus again once it publishes (before, it had no feed)
    const published = now.publishing && !old.publishing;
    if (now.mutedByTherapist !== old.mutedByTherapist || (published && now.mutedByTherapist)) {
      moderate.push({ userId: now.userId, muted: now.mutedByTherapist });
    }
  }
  return { revoke, moderate, destroy: after === null };
}

/**
 * Applies the changes to the conference's Janus room. At the end the room goes with every feed in it, and the tokens
 * of the members still in the session (revoke then lists them all) are withdrawn with it.
 */
export async function applySfuChanges(rooms: SfuRooms, conferenceId: number, changes: SfuChanges): Promise<void> {
  if (changes.destroy) {
    await rooms.destroy(conferenceId, changes.revoke);
    return;
  }
  await rooms.revoke(conferenceId, changes.revoke);
  for (const { userId, muted } of changes.moderate) await rooms.moderate(conferenceId, userId, muted);
}
