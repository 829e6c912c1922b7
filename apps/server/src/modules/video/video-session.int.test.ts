import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { VIDEO_MESSAGES, type ClientCommand } from '@dihs/contract/video';
import { termine } from '../termin/termin.table.ts';
import { createSession, seatOf, sleep, videoSuite } from './video-test-support.ts';
import { sitzungEreignisse } from './video.table.ts';

const offer = { type: 'offer' as const, sdp: 'v=0 offer' };
const answer = { type: 'answer' as const, sdp: 'v=0 answer' };
const candidate = { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 };

describe('video session over STOMP', () => {
  const v = videoSuite(['therapeut@demo.de', 'therapeut2@demo.de', 'patient@demo.de', 'patient2@demo.de']);
  const { bearers, connect } = v;

  it('one-on-one: waiting room, therapist joins, negotiation and relay, mute, meldung, attendance', async () => {
    const conferenceId = await createSession(v.t.db, {
      therapist: 'therapeut@demo.de',
      patients: ['patient@demo.de'],
      start: new Date(Date.now() + 60_000),
    });
    // the therapist's app listens on another page: the patient's arrival in the waiting room is announced there
    const therapist = await connect('therapeut@demo.de');
    const patient = await connect('patient@demo.de');
    patient.send({ command: 'joinConference', conferenceId });
    const joined = await patient.next('joinedSession');
    expect(await therapist.next('patientImWarteraum')).toMatchObject({ type: 'patientImWarteraum', conferenceId });
    expect(joined.selfId).toBe(patient.userId);
    expect(joined.state.therapeutPresent).toBe(false);
    expect(joined.state.termintyp).toBe('EINZEL');
    expect((await seatOf(v.t.db, conferenceId, 'patient@demo.de')).beigetreten).toBe(true);
    expect((await seatOf(v.t.db, conferenceId, 'patient@demo.de')).teilgenommen).toBe(false);
    patient.send({ command: 'publishStream', conferenceId });

    therapist.send({ command: 'joinConference', conferenceId });
    const tJoined = await therapist.next('joinedSession');
    expect(tJoined.state.members.map((m) => m.userId).sort()).toEqual([patient.userId, therapist.userId].sort());
    await patient.next('therapeutJoined');
    therapist.send({ command: 'publishStream', conferenceId });
    // the therapist joined later: it makes the offer
    const request = await therapist.next('publishSdpRequest');
    expect(request.peerId).toBe(patient.userId);
    await patient.none('publishSdpRequest', 100);
    therapist.send({ command: 'publishSdpResponse', conferenceId, peerId: patient.userId, description: offer });
    const subscribeRequest = await patient.next('subscribeSdpRequest');
    expect(subscribeRequest).toEqual({ type: 'subscribeSdpRequest', peerId: therapist.userId, description: offer });
    patient.send({ command: 'subscribeSdpResponse', conferenceId, peerId: therapist.userId, description: answer });
    expect(await therapist.next('subscribeSdpResponse')).toEqual({
      type: 'subscribeSdpResponse',
      peerId: patient.userId,
      description: answer,
    });
    patient.send({ command: 'iceCandidate', conferenceId, peerId: therapist.userId, role: 'answerer', candidate });
    expect(await therapist.next('iceCandidate')).toEqual({
      type: 'iceCandidate',
      peerId: patient.userId,
      role: 'answerer',
      candidate,
    });
    expect((await seatOf(v.t.db, conferenceId, 'patient@demo.de')).teilgenommen).toBe(true);

    // mute reflected on the other side
    patient.send({ command: 'mute', conferenceId, audioMuted: true, videoMuted: false });
    expect(await therapist.next('userMuteStatus')).toEqual({
      type: 'userMuteStatus',
      userId: patient.userId,
      audioMuted: true,
      videoMuted: false,
    });
    // the therapist mutes the patient
    therapist.send({ command: 'userMuted', conferenceId, userId: patient.userId, muted: true });
    expect(await patient.next('muteStatus')).toEqual({ type: 'muteStatus', muted: true });

    // report raised and ended by the therapist
    patient.send({ command: 'meldung', conferenceId });
    const meldung = await therapist.next('userMeldungStatus');
    expect(meldung.meldungen.map((m) => m.userId)).toEqual([patient.userId]);
    therapist.send({ command: 'endMeldung', conferenceId, userId: patient.userId });
    await patient.next('endYourSignal');

    therapist.send({ command: 'ping' });
    await therapist.next('pingOK');

    const events = await v.t.db.select().from(sitzungEreignisse).where(eq(sitzungEreignisse.terminId, conferenceId));
    expect(events.map((e) => e.ereignis)).toEqual(['BEIGETRETEN', 'BEIGETRETEN']);
  });

  it('refuses therapist commands from a patient and commands for a foreign conference', async () => {
    const conferenceId = await createSession(v.t.db, {
      therapist: 'therapeut@demo.de',
      patients: ['patient2@demo.de'],
      start: new Date(Date.now() + 60_000),
    });
    const other = await createSession(v.t.db, {
      therapist: 'therapeut2@demo.de',
      patients: [],
      start: new Date(Date.now() + 60_000),
      termintyp: 'GRUPPE',
    });
    const patient = await connect('patient2@demo.de');
    const therapist = await connect('therapeut@demo.de');
    therapist.send({ command: 'joinConference', conferenceId });
    await therapist.next('joinedSession');
    patient.send({ command: 'joinConference', conferenceId });
    await patient.next('joinedSession');
    const patientCommands: ClientCommand[] = [
      { command: 'lockConference', conferenceId },
      { command: 'kickMember', conferenceId, memberName: String(therapist.userId) },
      { command: 'endConference', conferenceId },
      { command: 'highlight', conferenceId, userId: patient.userId },
      { command: 'userMuted', conferenceId, userId: patient.userId, muted: false },
    ];
    for (const command of patientCommands) {
      patient.send(command);
      expect((await patient.next('error')).headline).toBe(VIDEO_MESSAGES.nurTherapeut);
    }
    const [row] = await v.t.db.select().from(termine).where(eq(termine.id, conferenceId));
    expect(row!.sitzungGesperrt).toBe(false);
    expect(row!.sitzungBeendetAt).toBeNull();
    await therapist.none('conferenceLocked', 50);

    // a conference the sender has not joined
    patient.send({ command: 'meldung', conferenceId: other });
    expect((await patient.next('error')).description).toBe(VIDEO_MESSAGES.nichtBeigetreten);
    // therapist of another appointment
    const therapist2 = await connect('therapeut2@demo.de');
    therapist2.send({ command: 'joinConference', conferenceId });
    await therapist2.next('conferenceNotYours');
    therapist2.send({ command: 'lockConference', conferenceId });
    expect((await therapist2.next('error')).description).toBe(VIDEO_MESSAGES.nichtBeigetreten);
    // a relay to a peer in another conference does not pass; it is dropped like one to a member who just left
    patient.send({ command: 'iceCandidate', conferenceId, peerId: therapist2.userId, role: 'offerer', candidate });
    await therapist2.none('iceCandidate', 100);
    await patient.none('error', 0);
    // invalid body
    patient.client.publish({
      destination: '/app/sendOnly',
      headers: { Authorization: bearers['patient2@demo.de']! },
      body: '{"command":"bogus"}',
    });
    expect((await patient.next('error')).headline).toBe(VIDEO_MESSAGES.ungueltigeNachricht);
    await sleep(10);
  });
});
