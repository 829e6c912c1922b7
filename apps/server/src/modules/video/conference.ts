import type { Termintyp } from '@dihs/contract/termin';
import {
  THERAPIST_COMMANDS,
  type MediaMode,
  VIDEO_MESSAGES,
  type ClientCommand,
  type ConferenceState,
  type Meldung,
  type Member,
  type ServerMessage,
  type SitzungEreignis,
} from '@dihs/contract/video';
import type { SfuOhneVerschluesselung } from '../../config.ts';

/**
 * The conference state machine: pure functions from a state and an event to the next state, the messages to send
 * and the database effects. The store (memory or Redis) keeps the state between events; the service runs the
 * effects and sends the messages.
 */

export interface ConferenceMember extends Member {
  /** The socket that joined; a reconnect's new socket replaces the entry, and the old socket's close is ignored. */
  connectionId: string;
  /**
   * The member's own microphone choice (the last mute command). audioMuted is this or the therapist's mute; when
   * the therapist allows the microphone again, the member's own choice comes back (never a microphone the member
   * had switched off).
   */
  selfAudioMuted: boolean;
}

export interface ConferenceRecord {
  conferenceId: number;
  therapeutUserId: number;
  termintyp: Termintyp;
  /**
   * Decided when the conference starts (the first member joins); an sfu conference turns p2p for good when a member
   * whose browser cannot encrypt joins with SFU_OHNE_VERSCHLUESSELUNG=peer-to-peer (withoutEncryption).
   */
  mode: MediaMode;
  /** The conference turned p2p because of such a member (the pages say so). */
  e2eeFallback: boolean;
  everyoneView: boolean;
  locked: boolean;
  highlighted: number | null;
  members: ConferenceMember[];
  meldungen: Meldung[];
  /** Last joinSeq handed out. */
  seq: number;
  /** Patients already marked teilgenommen (the database is written once per patient). */
  teilgenommen: number[];
  /** Patients the therapist muted: they stay muted across a reconnect until allowed again. */
  mutedByTherapist: number[];
  /** Of those, the ones muted by the current highlight: ending the highlight allows them again. */
  mutedByHighlight: number[];
}

export type Outgoing = { to: number; message: ServerMessage };

export type Effect =
  | { kind: 'ereignis'; userId: number; ereignis: SitzungEreignis }
  | { kind: 'beigetreten'; userId: number }
  | { kind: 'teilgenommen'; userIds: number[] }
  | { kind: 'herausgeworfen'; userId: number }
  | { kind: 'gesperrt'; value: boolean }
  | { kind: 'beendet' };

export interface Step {
  /** null: the conference is gone (ended, or the last member left). */
  next: ConferenceRecord | null;
  out: Outgoing[];
  effects: Effect[];
}

export interface Joiner {
  userId: number;
  role: 'THERAPEUT' | 'PATIENT';
  vorname: string;
  nachname: string;
  connectionId: string;
}

export function newConference(input: {
  conferenceId: number;
  therapeutUserId: number;
  termintyp: Termintyp;
  everyoneView: boolean;
  locked: boolean;
  mode?: MediaMode;
}): ConferenceRecord {
  return {
    ...input,
    mode: input.mode ?? 'p2p',
    e2eeFallback: false,
    highlighted: null,
    members: [],
    meldungen: [],
    seq: 0,
    teilgenommen: [],
    mutedByTherapist: [],
    mutedByHighlight: [],
  };
}

const errorMessage = (headline: string, description = ''): ServerMessage => ({
  type: 'error',
  headline,
  description,
});

const isTherapist = (record: ConferenceRecord, userId: number) => record.therapeutUserId === userId;

/**
 * Who may see and hear whom: the therapist sees everyone and everyone sees the therapist (star); patients see
 * each other only with everyoneView (full mesh). Everyone sees themselves.
 */
/** Whether the user is a member of the conference now. */
export const isMember = (record: ConferenceRecord, userId: number): boolean =>
  record.members.some((m) => m.userId === userId);

export function canSee(record: ConferenceRecord, a: number, b: number): boolean {
  return a === b || isTherapist(record, a) || isTherapist(record, b) || record.everyoneView;
}

const publicMember = ({ connectionId: _, selfAudioMuted: __, ...member }: ConferenceMember): Member => member;

/** The conference as one receiver may see it. */
export function viewFor(record: ConferenceRecord, receiverId: number): ConferenceState {
  return {
    conferenceId: record.conferenceId,
    termintyp: record.termintyp,
    mode: record.mode,
    e2eeFallback: record.e2eeFallback,
    everyoneView: record.everyoneView,
    locked: record.locked,
    highlighted:
      record.highlighted !== null && canSee(record, receiverId, record.highlighted) ? record.highlighted : null,
    therapeutPresent: record.members.some((m) => isTherapist(record, m.userId)),
    members: record.members.filter((m) => canSee(record, receiverId, m.userId)).map(publicMember),
    meldungen: record.meldungen.filter((m) => canSee(record, receiverId, m.userId)),
  };
}

const streamStatusToAll = (record: ConferenceRecord): Outgoing[] =>
  record.members.map((m) => ({ to: m.userId, message: { type: 'streamStatus', state: viewFor(record, m.userId) } }));

const meldungStatusToAll = (record: ConferenceRecord): Outgoing[] =>
  record.members.map((m) => ({
    to: m.userId,
    message: { type: 'userMeldungStatus', meldungen: viewFor(record, m.userId).meldungen },
  }));

const muteStatusOf = (record: ConferenceRecord, member: ConferenceMember): Outgoing[] =>
  record.members
    .filter((m) => canSee(record, m.userId, member.userId))
    .map((m) => ({
      to: m.userId,
      message: {
        type: 'userMuteStatus',
        userId: member.userId,
        audioMuted: member.audioMuted,
        videoMuted: member.videoMuted,
      },
    }));

/** The later joiner of a visible pair where both publish creates the offer. */
function pairRequest(record: ConferenceRecord, a: ConferenceMember, b: ConferenceMember): Outgoing | null {
  // through the SFU every member publishes once to Janus and subscribes there: no pairs to negotiate
  if (record.mode === 'sfu') return null;
  if (a.userId === b.userId || !a.publishing || !b.publishing || !canSee(record, a.userId, b.userId)) return null;
  const [earlier, later] = a.joinSeq < b.joinSeq ? [a, b] : [b, a];
  return { to: later.userId, message: { type: 'publishSdpRequest', peerId: earlier.userId } };
}

function negotiationsOf(record: ConferenceRecord, member: ConferenceMember): Outgoing[] {
  return record.members.flatMap((other) => pairRequest(record, member, other) ?? []);
}

/** Patients and therapist present at the same time take part (teilgenommen), each once. */
function attendance(record: ConferenceRecord): { record: ConferenceRecord; effects: Effect[] } {
  if (!record.members.some((m) => isTherapist(record, m.userId))) return { record, effects: [] };
  const fresh = record.members
    .filter((m) => m.role === 'PATIENT' && !record.teilgenommen.includes(m.userId))
    .map((m) => m.userId);
  if (fresh.length === 0) return { record, effects: [] };
  return {
    record: { ...record, teilgenommen: [...record.teilgenommen, ...fresh] },
    effects: [{ kind: 'teilgenommen', userIds: fresh }],
  };
}

/**
 * Before a member joins: what its browser's lack of end-to-end encryption means for the conference. Only an sfu
 * conference cares. `ablehnen`: the member is refused (the others go on through Janus). `peer-to-peer`: the
 * conference turns p2p for everyone and stays so until it ends; every member publishes again, now to the pairs of
 * the mesh (the members' clients leave Janus when they see the mode change, sfu-sync.ts destroys the room).
 */
export function withoutEncryption(
  record: ConferenceRecord,
  canEncrypt: boolean,
  setting: SfuOhneVerschluesselung,
): ConferenceRecord | 'refused' {
  if (canEncrypt || record.mode !== 'sfu') return record;
  if (setting === 'ablehnen') return 'refused';
  return {
    ...record,
    mode: 'p2p',
    e2eeFallback: true,
    members: record.members.map((m) => ({ ...m, publishing: false })),
  };
}

/** A member joins, or rejoins from a new socket (the old entry is replaced and its peers negotiate again). */
export function join(record: ConferenceRecord, joiner: Joiner): Step {
  const seq = record.seq + 1;
  const mutedByTherapist = record.mutedByTherapist.includes(joiner.userId);
  const member: ConferenceMember = {
    userId: joiner.userId,
    role: joiner.role,
    vorname: joiner.vorname,
    nachname: joiner.nachname,
    audioMuted: mutedByTherapist,
    videoMuted: false,
    mutedByTherapist,
    publishing: false,
    joinSeq: seq,
    connectionId: joiner.connectionId,
    selfAudioMuted: false,
  };
  const therapistWasPresent = record.members.some((m) => isTherapist(record, m.userId));
  const joined = {
    ...record,
    seq,
    members: [...record.members.filter((m) => m.userId !== joiner.userId), member],
  };
  const { record: next, effects } = attendance(joined);
  const out: Outgoing[] = [
    {
      to: joiner.userId,
      message: { type: 'joinedSession', selfId: joiner.userId, state: viewFor(next, joiner.userId) },
    },
  ];
  if (joiner.role === 'THERAPEUT' && !therapistWasPresent) {
    for (const m of next.members)
      if (m.role === 'PATIENT') out.push({ to: m.userId, message: { type: 'therapeutJoined' } });
  } else if (joiner.role === 'PATIENT' && therapistWasPresent) {
    // The waiting room ends at once when the therapist is already there.
    out.push({ to: joiner.userId, message: { type: 'therapeutJoined' } });
  } else if (joiner.role === 'PATIENT' && !record.members.some((m) => m.userId === joiner.userId)) {
    // The patient enters the waiting room: the therapist hears of it on any page of the app (a reconnect that
    // replaces the patient's socket is no new arrival).
    out.push({
      to: record.therapeutUserId,
      message: {
        type: 'patientImWarteraum',
        conferenceId: record.conferenceId,
        vorname: joiner.vorname,
        nachname: joiner.nachname,
      },
    });
  }
  out.push(...streamStatusToAll(next).filter((o) => o.to !== joiner.userId));
  const joinEffects: Effect[] = [{ kind: 'ereignis', userId: joiner.userId, ereignis: 'BEIGETRETEN' }];
  if (joiner.role === 'PATIENT') joinEffects.push({ kind: 'beigetreten', userId: joiner.userId });
  return { next, out, effects: [...joinEffects, ...effects] };
}

/**
 * A member leaves (disconnect command, or its socket closed). With connectionId, only that socket's entry goes:
 * the close of a socket that a reconnect already replaced changes nothing.
 */
export function leave(record: ConferenceRecord, userId: number, connectionId?: string): Step {
  const member = record.members.find((m) => m.userId === userId);
  if (!member || (connectionId !== undefined && member.connectionId !== connectionId)) {
    return { next: record, out: [], effects: [] };
  }
  const members = record.members.filter((m) => m.userId !== userId);
  const effects: Effect[] = [{ kind: 'ereignis', userId, ereignis: 'VERLASSEN' }];
  if (members.length === 0) return { next: null, out: [], effects };
  // The highlighted member left: the highlight ends, and with it the mutes it imposed.
  const ended = record.highlighted === userId ? endHighlight({ ...record, members }) : null;
  const next = ended?.next ?? { ...record, members };
  return { next, out: [...(ended?.out ?? []), ...streamStatusToAll(next)], effects };
}

/** e2eeKey is relayed by e2ee-relay.ts: it never changes the conference. */
type ConferenceCommand = Exclude<ClientCommand, { command: 'joinConference' | 'ping' | 'testResult' | 'e2eeKey' }>;

const THERAPIST_ONLY = new Set<string>(THERAPIST_COMMANDS);

function updateMember(
  record: ConferenceRecord,
  userId: number,
  change: (m: ConferenceMember) => ConferenceMember,
): ConferenceRecord {
  return { ...record, members: record.members.map((m) => (m.userId === userId ? change(m) : m)) };
}

function unchanged(record: ConferenceRecord, out: Outgoing[] = []): Step {
  return { next: record, out, effects: [] };
}

/** A joined member's command. Refusals change nothing and answer the sender with an error message. */
export function applyCommand(record: ConferenceRecord, senderId: number, command: ConferenceCommand, now: Date): Step {
  const sender = record.members.find((m) => m.userId === senderId);
  const refuse = (headline: string, description = '') =>
    unchanged(record, [{ to: senderId, message: errorMessage(headline, description) }]);
  if (!sender) return refuse(VIDEO_MESSAGES.unbekannt, VIDEO_MESSAGES.nichtBeigetreten);
  if (THERAPIST_ONLY.has(command.command) && !isTherapist(record, senderId)) return refuse(VIDEO_MESSAGES.nurTherapeut);
  const peer = (peerId: number) => record.members.find((m) => m.userId === peerId && canSee(record, senderId, peerId));
  // A negotiation message for a member who left a moment ago (a late ICE candidate, an answer under way) is stale,
  // not wrong: it is dropped without a word, so the sender's page shows no error for a race it cannot avoid.
  const left = (peerId: number) => !isMember(record, peerId);
  const dropped = unchanged(record, []);

  switch (command.command) {
    case 'publishStream': {
      const next = updateMember(record, senderId, (m) => ({ ...m, publishing: true }));
      const self = next.members.find((m) => m.userId === senderId)!;
      return { next, out: [...negotiationsOf(next, self), ...streamStatusToAll(next)], effects: [] };
    }
    case 'subscribeStream': {
      if (left(command.peerId)) return dropped;
      const other = peer(command.peerId);
      if (!other) return refuse(VIDEO_MESSAGES.ungueltigeNachricht);
      const request = pairRequest(record, sender, other);
      return unchanged(record, request ? [request] : []);
    }
    case 'publishSdpResponse':
    case 'subscribeSdpResponse': {
      if (left(command.peerId)) return dropped;
      if (!peer(command.peerId) || command.peerId === senderId) return refuse(VIDEO_MESSAGES.ungueltigeNachricht);
      const type = command.command === 'publishSdpResponse' ? 'subscribeSdpRequest' : 'subscribeSdpResponse';
      return unchanged(record, [
        { to: command.peerId, message: { type, peerId: senderId, description: command.description } },
      ]);
    }
    case 'iceCandidate': {
      if (left(command.peerId)) return dropped;
      if (!peer(command.peerId) || command.peerId === senderId) return refuse(VIDEO_MESSAGES.ungueltigeNachricht);
      return unchanged(record, [
        {
          to: command.peerId,
          message: { type: 'iceCandidate', peerId: senderId, role: command.role, candidate: command.candidate },
        },
      ]);
    }
    case 'disconnect':
      return leave(record, senderId);
    case 'mute': {
      const next = updateMember(record, senderId, (m) => ({
        ...m,
        selfAudioMuted: command.audioMuted,
        // A microphone the therapist muted stays muted.
        audioMuted: command.audioMuted || m.mutedByTherapist,
        videoMuted: command.videoMuted,
      }));
      const self = next.members.find((m) => m.userId === senderId)!;
      return { next, out: [...muteStatusOf(next, self), ...streamStatusToAll(next)], effects: [] };
    }
    case 'userMuted': {
      const target = record.members.find((m) => m.userId === command.userId);
      if (!target || target.role !== 'PATIENT') return refuse(VIDEO_MESSAGES.ungueltigeNachricht);
      // An explicit mute or release is the therapist's decision: ending a highlight no longer changes it.
      const next = setMutedByTherapist(
        { ...record, mutedByHighlight: record.mutedByHighlight.filter((id) => id !== target.userId) },
        [target.userId],
        command.muted,
      );
      const updated = next.members.find((m) => m.userId === target.userId)!;
      return {
        next,
        out: [
          { to: target.userId, message: { type: 'muteStatus', muted: command.muted } },
          ...muteStatusOf(next, updated),
          ...streamStatusToAll(next),
        ],
        effects: [],
      };
    }
    case 'highlight': {
      if (command.userId === null) {
        const ended = endHighlight(record);
        return { next: ended.next, out: [...ended.out, ...streamStatusToAll(ended.next)], effects: [] };
      }
      const highlighted = command.userId;
      if (!isMember(record, highlighted)) return refuse(VIDEO_MESSAGES.ungueltigeNachricht);
      // The highlighted patient may speak; every other patient not yet muted is muted by this highlight.
      const others = record.members
        .filter((m) => m.role === 'PATIENT' && m.userId !== highlighted && !record.mutedByTherapist.includes(m.userId))
        .map((m) => m.userId);
      const byHighlight = [...record.mutedByHighlight.filter((id) => id !== highlighted), ...others];
      let next = setMutedByTherapist({ ...record, highlighted, mutedByHighlight: byHighlight }, others, true);
      const wasMuted = record.mutedByTherapist.includes(highlighted);
      if (wasMuted) next = setMutedByTherapist(next, [highlighted], false);
      const out: Outgoing[] = others.map((to) => ({ to, message: { type: 'muteStatus', muted: true } }));
      if (wasMuted) out.push({ to: highlighted, message: { type: 'muteStatus', muted: false } });
      return { next, out: [...out, ...streamStatusToAll(next)], effects: [] };
    }
    case 'meldung': {
      if (sender.role !== 'PATIENT' || record.meldungen.some((m) => m.userId === senderId)) return unchanged(record);
      const next = { ...record, meldungen: [...record.meldungen, { userId: senderId, since: now.toISOString() }] };
      return { next, out: [...meldungStatusToAll(next), ...streamStatusToAll(next)], effects: [] };
    }
    case 'endMeldung': {
      const target = command.userId ?? senderId;
      if (target !== senderId && !isTherapist(record, senderId)) return refuse(VIDEO_MESSAGES.nurTherapeut);
      if (!record.meldungen.some((m) => m.userId === target)) return unchanged(record);
      const next = { ...record, meldungen: record.meldungen.filter((m) => m.userId !== target) };
      const out: Outgoing[] = [];
      if (target !== senderId) out.push({ to: target, message: { type: 'endYourSignal' } });
      return { next, out: [...out, ...meldungStatusToAll(next), ...streamStatusToAll(next)], effects: [] };
    }
    case 'lockConference':
    case 'unlockConference': {
      const locked = command.command === 'lockConference';
      const next = { ...record, locked };
      return {
        next,
        out: [
          { to: senderId, message: { type: locked ? 'conferenceLocked' : 'conferenceUnlocked' } },
          ...streamStatusToAll(next),
        ],
        effects: [{ kind: 'gesperrt', value: locked }],
      };
    }
    case 'endConference':
      return {
        next: null,
        out: record.members.map((m) => ({ to: m.userId, message: { type: 'conferenceClosed' } })),
        effects: [{ kind: 'beendet' }, { kind: 'ereignis', userId: senderId, ereignis: 'BEENDET' }],
      };
    case 'kickMember': {
      const target = Number(command.memberName);
      if (isTherapist(record, target)) return refuse(VIDEO_MESSAGES.ungueltigeNachricht);
      const present = isMember(record, target);
      const next = {
        ...record,
        members: record.members.filter((m) => m.userId !== target),
        meldungen: record.meldungen.filter((m) => m.userId !== target),
        highlighted: record.highlighted === target ? null : record.highlighted,
      };
      const out: Outgoing[] = present ? [{ to: target, message: { type: 'kickedFromConference' } }] : [];
      return {
        next,
        out: [...out, ...streamStatusToAll(next)],
        // The service writes the HERAUSGEWORFEN event only when the target held a seat.
        effects: [{ kind: 'herausgeworfen', userId: target }],
      };
    }
  }
}

/** Ends the highlight and allows again the microphones it muted (the therapist's explicit mutes stay). */
function endHighlight(record: ConferenceRecord): { next: ConferenceRecord; out: Outgoing[] } {
  const released = record.mutedByHighlight;
  const next = setMutedByTherapist({ ...record, highlighted: null, mutedByHighlight: [] }, released, false);
  const out: Outgoing[] = released
    .filter((id) => isMember(next, id))
    .flatMap((id) => {
      const member = next.members.find((m) => m.userId === id)!;
      return [{ to: id, message: { type: 'muteStatus', muted: false } }, ...muteStatusOf(next, member)];
    });
  return { next, out };
}

function setMutedByTherapist(record: ConferenceRecord, userIds: number[], muted: boolean): ConferenceRecord {
  const set = new Set(record.mutedByTherapist);
  for (const id of userIds)
    if (muted) set.add(id);
    else set.delete(id);
  return {
    ...record,
    mutedByTherapist: [...set],
    members: record.members.map((m) =>
      // Allowed again, the microphone returns to the member's own choice.
      userIds.includes(m.userId) ? { ...m, mutedByTherapist: muted, audioMuted: muted || m.selfAudioMuted } : m,
    ),
  };
}
