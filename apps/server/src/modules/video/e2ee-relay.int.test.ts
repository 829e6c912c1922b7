import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { E2EE_PAYLOAD_MAX, LOOPBACK_CONFERENCE, VIDEO_MESSAGES } from '@dihs/contract/video';
import { createSession, videoSuite } from './video-test-support.ts';

/** Distinct key material per call (base64 of 65 random bytes, the size of a raw P-256 public key). */
const keyPayload = () => randomBytes(65).toString('base64');

const invalid = { type: 'error', headline: VIDEO_MESSAGES.ungueltigeNachricht, description: '' };
const notJoined = { type: 'error', headline: VIDEO_MESSAGES.unbekannt, description: VIDEO_MESSAGES.nichtBeigetreten };

describe('relay of the end-to-end encryption keys', () => {
  // Everything the app logs at the most verbose level: no key payload may show up in it.
  const lines: string[] = [];
  const v = videoSuite(
    ['therapeut@demo.de', 'patient@demo.de', 'patient2@demo.de', 'firmenpatient@demo.de'],
    { LOG_LEVEL: 'trace' },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
  const sent: string[] = [];
  const payload = () => {
    const value = keyPayload();
    sent.push(value);
    return value;
  };
  const group = () =>
    createSession(v.t.db, {
      therapist: 'therapeut@demo.de',
      patients: ['patient@demo.de', 'patient2@demo.de', 'firmenpatient@demo.de'],
      start: new Date(Date.now() + 60_000),
    });

  it('relays only between members who may see each other: to everyone (0) or to one member', async () => {
    const conferenceId = await group();
    const therapist = await v.joined('therapeut@demo.de', conferenceId);
    const patient = await v.joined('patient@demo.de', conferenceId);
    const patient2 = await v.joined('patient2@demo.de', conferenceId);

    // Without everyoneView the patients do not see each other: a patient's broadcast reaches the therapist only.
    const patientKey = payload();
    patient.send({ command: 'e2eeKey', conferenceId, peerId: 0, kind: 'publicKey', payload: patientKey });
    expect(await therapist.next('e2eeKey')).toEqual({
      type: 'e2eeKey',
      peerId: patient.userId,
      kind: 'publicKey',
      payload: patientKey,
    });

    const therapistKey = payload();
    therapist.send({ command: 'e2eeKey', conferenceId, peerId: 0, kind: 'publicKey', payload: therapistKey });
    for (const receiver of [patient, patient2]) {
      expect(await receiver.next('e2eeKey')).toEqual({
        type: 'e2eeKey',
        peerId: therapist.userId,
        kind: 'publicKey',
        payload: therapistKey,
      });
    }

    const wrapped = payload();
    therapist.send({ command: 'e2eeKey', conferenceId, peerId: patient2.userId, kind: 'senderKey', payload: wrapped });
    expect(await patient2.next('e2eeKey')).toEqual({
      type: 'e2eeKey',
      peerId: therapist.userId,
      kind: 'senderKey',
      payload: wrapped,
    });

    // addressed to a patient the sender may not see, or to itself: refused, nothing relayed
    patient.send({ command: 'e2eeKey', conferenceId, peerId: patient2.userId, kind: 'senderKey', payload: payload() });
    expect(await patient.next('error')).toEqual(invalid);
    patient.send({ command: 'e2eeKey', conferenceId, peerId: patient.userId, kind: 'senderKey', payload: payload() });
    expect(await patient.next('error')).toEqual(invalid);
    await patient2.none('e2eeKey');
    await patient.none('e2eeKey');
    await therapist.none('e2eeKey');
  });

  it('with everyoneView the patients exchange keys among themselves', async () => {
    const conferenceId = await createSession(v.t.db, {
      therapist: 'therapeut@demo.de',
      patients: ['patient@demo.de', 'patient2@demo.de'],
      start: new Date(Date.now() + 60_000),
      everyoneView: true,
    });
    const therapist = await v.joined('therapeut@demo.de', conferenceId);
    const patient = await v.joined('patient@demo.de', conferenceId);
    const patient2 = await v.joined('patient2@demo.de', conferenceId);
    const wrapped = payload();
    patient.send({ command: 'e2eeKey', conferenceId, peerId: patient2.userId, kind: 'senderKey', payload: wrapped });
    expect((await patient2.next('e2eeKey')).payload).toBe(wrapped);
    await therapist.none('e2eeKey');
  });

  it('refuses the key messages of non-members, of a kicked member, and of the loopback test', async () => {
    const conferenceId = await group();
    const therapist = await v.joined('therapeut@demo.de', conferenceId);
    const patient = await v.joined('patient@demo.de', conferenceId);
    const patient2 = await v.joined('patient2@demo.de', conferenceId);

    // booked, connected, but not joined
    const outsider = await v.connect('firmenpatient@demo.de');
    outsider.send({ command: 'e2eeKey', conferenceId, peerId: 0, kind: 'publicKey', payload: payload() });
    expect(await outsider.next('error')).toEqual(notJoined);
    outsider.send({
      command: 'e2eeKey',
      conferenceId,
      peerId: therapist.userId,
      kind: 'senderKey',
      payload: payload(),
    });
    expect(await outsider.next('error')).toEqual(notJoined);

    // a conference no one joined
    outsider.send({
      command: 'e2eeKey',
      conferenceId: conferenceId + 1000,
      peerId: 0,
      kind: 'publicKey',
      payload: payload(),
    });
    expect(await outsider.next('error')).toEqual(notJoined);

    therapist.send({ command: 'kickMember', conferenceId, memberName: String(patient2.userId) });
    await patient2.next('kickedFromConference');
    patient2.send({
      command: 'e2eeKey',
      conferenceId,
      peerId: therapist.userId,
      kind: 'senderKey',
      payload: payload(),
    });
    expect(await patient2.next('error')).toEqual(notJoined);
    // the kicked member is no recipient any more; a key sent to it a moment after the kick is dropped without an error
    therapist.send({ command: 'e2eeKey', conferenceId, peerId: 0, kind: 'publicKey', payload: payload() });
    await patient.next('e2eeKey');
    therapist.send({
      command: 'e2eeKey',
      conferenceId,
      peerId: patient2.userId,
      kind: 'senderKey',
      payload: payload(),
    });
    await therapist.none('error');

    await therapist.none('e2eeKey');
    await patient2.none('e2eeKey');
    await outsider.none('e2eeKey');

    const self = await v.connect('patient2@demo.de');
    self.send({ command: 'joinConference', conferenceId: LOOPBACK_CONFERENCE });
    await self.next('joinedSession');
    self.send({
      command: 'e2eeKey',
      conferenceId: LOOPBACK_CONFERENCE,
      peerId: 0,
      kind: 'publicKey',
      payload: payload(),
    });
    expect(await self.next('error')).toEqual(invalid);
    await self.none('e2eeKey');
  });

  it('bounds the payload: too long, not base64, or an unknown kind is an invalid message', async () => {
    const conferenceId = await group();
    const therapist = await v.joined('therapeut@demo.de', conferenceId);
    const patient = await v.joined('patient@demo.de', conferenceId);
    const longest = 'A'.repeat(E2EE_PAYLOAD_MAX);
    therapist.send({ command: 'e2eeKey', conferenceId, peerId: 0, kind: 'publicKey', payload: longest });
    expect((await patient.next('e2eeKey')).payload).toBe(longest);
    const bad: unknown[] = [
      { command: 'e2eeKey', conferenceId, peerId: 0, kind: 'publicKey', payload: 'A'.repeat(E2EE_PAYLOAD_MAX + 4) },
      { command: 'e2eeKey', conferenceId, peerId: 0, kind: 'publicKey', payload: 'kein base64!' },
      { command: 'e2eeKey', conferenceId, peerId: 0, kind: 'privateKey', payload: keyPayload() },
      { command: 'e2eeKey', conferenceId, peerId: -1, kind: 'publicKey', payload: keyPayload() },
      { command: 'e2eeKey', conferenceId, peerId: 0, kind: 'publicKey' },
    ];
    for (const command of bad) {
      therapist.client.publish({
        destination: '/app/sendOnly',
        headers: { Authorization: v.bearers['therapeut@demo.de']! },
        body: JSON.stringify(command),
      });
      expect(await therapist.next('error')).toEqual(invalid);
    }
    await patient.none('e2eeKey');
  });

  it('never writes a key payload to the log', () => {
    const log = lines.join('');
    // the app did log at trace level (the requests and the sockets), so an absent payload means something
    expect(log.length).toBeGreaterThan(0);
    expect(sent.length).toBeGreaterThan(10);
    for (const value of sent) expect(log).not.toContain(value);
  });
});
