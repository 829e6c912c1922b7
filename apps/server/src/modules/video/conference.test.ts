import { describe, expect, it } from 'vitest';
import { VIDEO_MESSAGES } from '@dihs/contract/video';
import {
  applyCommand,
  join,
  leave,
  newConference,
  viewFor,
  withoutEncryption,
  type ConferenceRecord,
  type Step,
} from './conference.ts';

const T = 1;
const A = 2;
const B = 3;
const now = new Date('2026-01-01T10:00:00Z');
const group = (everyoneView: boolean) =>
  newConference({ conferenceId: 9, therapeutUserId: T, termintyp: 'GRUPPE', everyoneView, locked: false });
const member = (userId: number, connectionId = `c${userId}`) => ({
  userId,
  role: userId === T ? ('THERAPEUT' as const) : ('PATIENT' as const),
  vorname: `V${userId}`,
  nachname: `N${userId}`,
  connectionId,
});

function run(record: ConferenceRecord, ...steps: ((r: ConferenceRecord) => Step)[]) {
  const out: Step['out'] = [];
  const effects: Step['effects'] = [];
  let current = record;
  for (const step of steps) {
    const result = step(current);
    out.push(...result.out);
    effects.push(...result.effects);
    current = result.next!;
  }
  return { record: current, out, effects };
}

/** The pair negotiations the server asked for, as [offerer, answerer]. */
const pairRequests = (out: Step['out']) =>
  out
    .filter((o) => o.message.type === 'publishSdpRequest')
    .map((o) => [o.to, (o.message as { peerId: number }).peerId]);

/** Join steps for the given members in order, each on its own connection. */
const joinAll = (...userIds: number[]) => userIds.map((userId) => (r: ConferenceRecord) => join(r, member(userId)));

const publish = (userId: number) => (r: ConferenceRecord) =>
  applyCommand(r, userId, { command: 'publishStream', conferenceId: 9 }, now);

describe('conference state', () => {
  it('without everyoneView a patient never hears of another patient', () => {
    const { record, out } = run(
      group(false),
      ...joinAll(T, A, B),
      publish(T),
      publish(A),
      publish(B),
      (r) => applyCommand(r, A, { command: 'meldung', conferenceId: 9 }, now),
      (r) => applyCommand(r, A, { command: 'mute', conferenceId: 9, audioMuted: true, videoMuted: true }, now),
    );
    const toB = out.filter((o) => o.to === B).map((o) => JSON.stringify(o.message));
    expect(toB.some((text) => text.includes(`"userId":${A}`) || text.includes(`"peerId":${A}`))).toBe(false);
    expect(
      viewFor(record, B)
        .members.map((m) => m.userId)
        .sort(),
    ).toEqual([T, B]);
    expect(viewFor(record, T).members).toHaveLength(3);
    // star: each patient negotiates with the therapist only
    expect(pairRequests(out)).toEqual([
      [A, T],
      [B, T],
    ]);
    // a relay from A to B is refused
    const relay = applyCommand(
      record,
      A,
      { command: 'iceCandidate', conferenceId: 9, peerId: B, role: 'offerer', candidate: { candidate: '' } },
      now,
    );
    expect(relay.out).toEqual([
      { to: A, message: { type: 'error', headline: VIDEO_MESSAGES.ungueltigeNachricht, description: '' } },
    ]);
  });

  it('drops negotiation messages for a member who has left, without an error to the sender', () => {
    const { record } = run(group(true), ...joinAll(T, A), publish(T), publish(A), (r) => leave(r, A));
    const candidate = { candidate: '' };
    for (const command of [
      { command: 'iceCandidate', conferenceId: 9, peerId: A, role: 'offerer', candidate },
      { command: 'subscribeSdpResponse', conferenceId: 9, peerId: A, description: { type: 'answer', sdp: '' } },
      { command: 'subscribeStream', conferenceId: 9, peerId: A },
    ] as const) {
      const step = applyCommand(record, T, command, now);
      expect(step.out).toEqual([]);
      expect(step.next).toBe(record);
    }
    // a member who is there but may not be seen is still refused (above); one who never was gets the same silence
    expect(applyCommand(record, T, { command: 'subscribeStream', conferenceId: 9, peerId: 99 }, now).out).toEqual([]);
  });

  it('with everyoneView a full mesh: the later joiner offers', () => {
    const { out } = run(group(true), ...joinAll(T, A, B), publish(B), publish(A), publish(T));
    expect(pairRequests(out)).toEqual([
      [B, A],
      [A, T],
      [B, T],
    ]);
  });

  it('a rejoin replaces the member and renegotiates; the old socket closing changes nothing', () => {
    const first = run(
      group(false),
      (r) => join(r, member(T)),
      (r) => join(r, member(A, 'old')),
      publish(T),
      publish(A),
    );
    const rejoin = run(first.record, (r) => join(r, member(A, 'new')), publish(A));
    expect(rejoin.out).toContainEqual({ to: A, message: { type: 'publishSdpRequest', peerId: T } });
    expect(rejoin.record.members.filter((m) => m.userId === A)).toHaveLength(1);
    expect(leave(rejoin.record, A, 'old').next).toBe(rejoin.record);
    expect(leave(rejoin.record, A, 'new').next!.members.map((m) => m.userId)).toEqual([T]);
  });

  it('a patient entering the waiting room is announced to the therapist once; not when the therapist is there', () => {
    const waiting = (out: Step['out']) => out.filter((o) => o.message.type === 'patientImWarteraum');
    const arrived = run(group(false), (r) => join(r, member(A, 'old')));
    expect(waiting(arrived.out)).toEqual([
      { to: T, message: { type: 'patientImWarteraum', conferenceId: 9, vorname: 'V2', nachname: 'N2' } },
    ]);
    // a reconnect replacing the socket is no new arrival
    expect(waiting(run(arrived.record, (r) => join(r, member(A, 'new'))).out)).toEqual([]);
    // with the therapist in the session there is no waiting room
    expect(
      waiting(
        run(
          arrived.record,
          (r) => join(r, member(T)),
          (r) => join(r, member(B)),
        ).out,
      ),
    ).toEqual([]);
  });

  it('teilgenommen once both were present, once per patient', () => {
    const { effects } = run(
      group(false),
      (r) => join(r, member(A)),
      (r) => join(r, member(T)),
      (r) => join(r, member(B)),
      (r) => join(r, member(A, 'again')),
    );
    expect(effects.filter((e) => e.kind === 'teilgenommen')).toEqual([
      { kind: 'teilgenommen', userIds: [A] },
      { kind: 'teilgenommen', userIds: [B] },
    ]);
    expect(effects.filter((e) => e.kind === 'beigetreten')).toHaveLength(3);
  });

  it('highlight mutes every other patient; the mute survives a reconnect', () => {
    const { record, out } = run(group(true), ...joinAll(T, A, B), (r) =>
      applyCommand(r, T, { command: 'highlight', conferenceId: 9, userId: A }, now),
    );
    expect(out).toContainEqual({ to: B, message: { type: 'muteStatus', muted: true } });
    expect(out).not.toContainEqual({ to: A, message: { type: 'muteStatus', muted: true } });
    expect(record.highlighted).toBe(A);
    const back = join(record, member(B, 'new'));
    expect(back.next!.members.find((m) => m.userId === B)!.audioMuted).toBe(true);
    // B cannot unmute itself
    const mute = applyCommand(
      back.next!,
      B,
      { command: 'mute', conferenceId: 9, audioMuted: false, videoMuted: false },
      now,
    );
    expect(mute.next!.members.find((m) => m.userId === B)!.audioMuted).toBe(true);
  });

  it('ending a highlight allows the microphones it muted again; an explicit mute stays until released', () => {
    const audio = (r: ConferenceRecord, id: number) => r.members.find((m) => m.userId === id)!.audioMuted;
    const selfMute = (id: number, audioMuted: boolean) => (r: ConferenceRecord) =>
      applyCommand(r, id, { command: 'mute', conferenceId: 9, audioMuted, videoMuted: false }, now);
    const C = 4;
    const { record } = run(
      group(true),
      ...joinAll(T, A, B),
      (r) => join(r, member(C)),
      // C had switched its own microphone off before the highlight
      selfMute(C, true),
      (r) => applyCommand(r, T, { command: 'userMuted', conferenceId: 9, userId: B, muted: true }, now),
      (r) => applyCommand(r, T, { command: 'highlight', conferenceId: 9, userId: A }, now),
    );
    expect([audio(record, A), audio(record, B), audio(record, C)]).toEqual([false, true, true]);
    const ended = applyCommand(record, T, { command: 'highlight', conferenceId: 9, userId: null }, now);
    expect(ended.next!.highlighted).toBeNull();
    // C is allowed again but keeps its own choice; B's explicit mute stays
    expect(ended.out).toContainEqual({ to: C, message: { type: 'muteStatus', muted: false } });
    expect(ended.out).not.toContainEqual({ to: B, message: { type: 'muteStatus', muted: false } });
    expect(ended.next!.members.find((m) => m.userId === C)).toMatchObject({
      mutedByTherapist: false,
      audioMuted: true,
    });
    expect(audio(ended.next!, B)).toBe(true);
    // the therapist allows B again: B's microphone is on as before the mute
    const released = applyCommand(
      ended.next!,
      T,
      { command: 'userMuted', conferenceId: 9, userId: B, muted: false },
      now,
    );
    expect(released.out).toContainEqual({ to: B, message: { type: 'muteStatus', muted: false } });
    expect(released.next!.members.find((m) => m.userId === B)).toMatchObject({
      mutedByTherapist: false,
      audioMuted: false,
    });
    // the highlighted member leaving ends the highlight too
    const again = applyCommand(released.next!, T, { command: 'highlight', conferenceId: 9, userId: A }, now);
    expect(audio(again.next!, B)).toBe(true);
    const gone = leave(again.next!, A);
    expect(gone.next!.highlighted).toBeNull();
    expect(audio(gone.next!, B)).toBe(false);
    expect(gone.out).toContainEqual({ to: B, message: { type: 'muteStatus', muted: false } });
  });

  it('reports in raise order; kick removes and records; patients cannot run therapist commands', () => {
    const { record } = run(
      group(true),
      ...joinAll(T, A, B),
      (r) => applyCommand(r, B, { command: 'meldung', conferenceId: 9 }, now),
      (r) => applyCommand(r, A, { command: 'meldung', conferenceId: 9 }, now),
    );
    expect(record.meldungen.map((m) => m.userId)).toEqual([B, A]);
    const refused = applyCommand(record, A, { command: 'kickMember', conferenceId: 9, memberName: String(B) }, now);
    expect(refused.next).toBe(record);
    expect(refused.effects).toEqual([]);
    const kick = applyCommand(record, T, { command: 'kickMember', conferenceId: 9, memberName: String(B) }, now);
    expect(kick.out[0]).toEqual({ to: B, message: { type: 'kickedFromConference' } });
    expect(kick.effects).toEqual([{ kind: 'herausgeworfen', userId: B }]);
    expect(kick.next!.members.map((m) => m.userId)).toEqual([T, A]);
    expect(kick.next!.meldungen.map((m) => m.userId)).toEqual([A]);
    const end = applyCommand(record, T, { command: 'endConference', conferenceId: 9 }, now);
    expect(end.next).toBeNull();
    expect(end.out.filter((o) => o.message.type === 'conferenceClosed').map((o) => o.to)).toEqual([T, A, B]);
  });
});

describe('a browser without end-to-end encryption (SFU_OHNE_VERSCHLUESSELUNG)', () => {
  const sfuGroup = () =>
    newConference({
      conferenceId: 9,
      therapeutUserId: T,
      termintyp: 'GRUPPE',
      everyoneView: true,
      locked: false,
      mode: 'sfu',
    });
  const C = 4;
  /** T, A and B joined through the SFU and publish to Janus. */
  const inSfu = () => run(sfuGroup(), ...joinAll(T, A, B), publish(T), publish(A), publish(B)).record;

  it('peer-to-peer: the session turns into a mesh for everyone and stays one', () => {
    const before = inSfu();
    // no pair negotiations through the SFU
    expect(before.members.every((m) => m.publishing)).toBe(true);
    const turned = withoutEncryption(before, false, 'peer-to-peer');
    if (turned === 'refused') throw new Error('nicht abgelehnt erwartet');
    expect(turned).toMatchObject({ mode: 'p2p', e2eeFallback: true });
    // everyone publishes again, now to the pairs of the mesh
    expect(turned.members.some((m) => m.publishing)).toBe(false);

    const { record, out } = run(turned, (r) => join(r, member(C)), publish(T), publish(A), publish(B), publish(C));
    expect(out.find((o) => o.to === C)).toMatchObject({
      message: { type: 'joinedSession', state: { mode: 'p2p', e2eeFallback: true } },
    });
    // the members already in the SFU hear of the change in their state
    for (const id of [T, A, B]) {
      expect(out.find((o) => o.to === id && o.message.type === 'streamStatus')).toMatchObject({
        message: { state: { mode: 'p2p', e2eeFallback: true } },
      });
    }
    // full mesh (everyoneView): every pair negotiates, the later joiner offers
    expect(pairRequests(out)).toEqual([
      [A, T],
      [B, T],
      [B, A],
      [C, T],
      [C, A],
      [C, B],
    ]);
    // the member who could not encrypt leaves: the session stays peer-to-peer until it ends
    const left = leave(record, C).next!;
    expect(left).toMatchObject({ mode: 'p2p', e2eeFallback: true });
    expect(withoutEncryption(left, true, 'peer-to-peer')).toBe(left);
  });

  it('ablehnen: that member is refused and the session goes on through the SFU', () => {
    const before = inSfu();
    expect(withoutEncryption(before, false, 'ablehnen')).toBe('refused');
    expect(viewFor(before, T)).toMatchObject({ mode: 'sfu', e2eeFallback: false });
  });

  it('a browser that can encrypt, and every peer-to-peer session, change nothing', () => {
    const before = inSfu();
    expect(withoutEncryption(before, true, 'ablehnen')).toBe(before);
    expect(withoutEncryption(before, true, 'peer-to-peer')).toBe(before);
    const mesh = run(group(true), (r) => join(r, member(T))).record;
    expect(withoutEncryption(mesh, false, 'ablehnen')).toBe(mesh);
    expect(withoutEncryption(mesh, false, 'peer-to-peer')).toBe(mesh);
    expect(mesh.e2eeFallback).toBe(false);
  });
});
