import { describe, expect, it } from 'vitest';
import { applyCommand, join, leave, newConference, withoutEncryption, type ConferenceRecord } from './conference.ts';
import { sfuChanges } from './sfu-sync.ts';

const THERAPIST = 1;
const now = new Date('2026-11-24T10:00:00Z');

function conference(mode: 'p2p' | 'sfu', patients: number[]): ConferenceRecord {
  let record = newConference({
    conferenceId: 9,
    therapeutUserId: THERAPIST,
    termintyp: 'GRUPPE',
    everyoneView: true,
    locked: false,
    mode,
  });
  record = join(record, {
    userId: THERAPIST,
    role: 'THERAPEUT',
    vorname: 'T',
    nachname: 'T',
    connectionId: 'c1',
  }).next!;
  for (const id of patients) {
    record = join(record, { userId: id, role: 'PATIENT', vorname: 'P', nachname: 'P', connectionId: `c${id}` }).next!;
  }
  return record;
}

const command = (record: ConferenceRecord, sender: number, c: Parameters<typeof applyCommand>[2]) =>
  applyCommand(record, sender, c, now).next;

describe('sfuChanges', () => {
  it('kick withdraws the member from the room; the others stay', () => {
    const before = conference('sfu', [2, 3]);
    const after = command(before, THERAPIST, { command: 'kickMember', conferenceId: 9, memberName: '2' });
    expect(sfuChanges(before, after)).toEqual({ revoke: [2], moderate: [], destroy: false });
  });

  it('mute and highlight become moderate requests for exactly the microphones they change', () => {
    const before = conference('sfu', [2, 3, 4]);
    const muted = command(before, THERAPIST, { command: 'userMuted', conferenceId: 9, userId: 3, muted: true });
    expect(sfuChanges(before, muted).moderate).toEqual([{ userId: 3, muted: true }]);
    const highlighted = command(muted!, THERAPIST, { command: 'highlight', conferenceId: 9, userId: 3 });
    expect(sfuChanges(muted, highlighted).moderate).toEqual([
      { userId: 2, muted: true },
      { userId: 3, muted: false },
      { userId: 4, muted: true },
    ]);
    const ended = command(highlighted!, THERAPIST, { command: 'highlight', conferenceId: 9, userId: null });
    expect(sfuChanges(highlighted, ended).moderate).toEqual([
      { userId: 2, muted: false },
      { userId: 4, muted: false },
    ]);
  });

  it('a muted member is muted in Janus again once it publishes', () => {
    const joined = conference('sfu', [2]);
    const muted = command(joined, THERAPIST, { command: 'userMuted', conferenceId: 9, userId: 2, muted: true })!;
    const published = command(muted, 2, { command: 'publishStream', conferenceId: 9 });
    expect(sfuChanges(muted, published).moderate).toEqual([{ userId: 2, muted: true }]);
  });

  it('the end destroys the room; a peer-to-peer conference never touches Janus', () => {
    const sfu = conference('sfu', [2]);
    expect(sfuChanges(sfu, command(sfu, THERAPIST, { command: 'endConference', conferenceId: 9 }))).toEqual({
      revoke: [THERAPIST, 2],
      moderate: [],
      destroy: true,
    });
    const p2p = conference('p2p', [2]);
    const kicked = command(p2p, THERAPIST, { command: 'kickMember', conferenceId: 9, memberName: '2' });
    expect(sfuChanges(p2p, kicked)).toEqual({ revoke: [], moderate: [], destroy: false });
  });

  it('through the SFU no pair is negotiated', () => {
    const record = conference('sfu', [2]);
    const step = applyCommand(record, 2, { command: 'publishStream', conferenceId: 9 }, now);
    expect(step.out.some((o) => o.message.type === 'publishSdpRequest')).toBe(false);
  });

  it('a conference turned peer-to-peer leaves Janus: the room goes then, and once more at its end', () => {
    const sfu = conference('sfu', [2, 3]);
    const turned = withoutEncryption(sfu, false, 'peer-to-peer');
    if (turned === 'refused') throw new Error('nicht abgelehnt erwartet');
    const joined = join(turned, { userId: 4, role: 'PATIENT', vorname: 'P', nachname: 'P', connectionId: 'c4' }).next!;
    expect(sfuChanges(sfu, joined)).toEqual({ revoke: [THERAPIST, 2, 3], moderate: [], destroy: true });
    // in the mesh, leaving and kicking need nothing in Janus
    const left = leave(joined, 3).next!;
    expect(sfuChanges(joined, left)).toEqual({ revoke: [], moderate: [], destroy: false });
    // its end destroys a room that a join racing the switch could have created again (no such room: nothing)
    const ended = command(left, THERAPIST, { command: 'endConference', conferenceId: 9 });
    expect(sfuChanges(left, ended)).toEqual({ revoke: [THERAPIST, 2, 4], moderate: [], destroy: true });
  });
});
