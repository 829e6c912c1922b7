import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { VIDEO_MESSAGES } from '@dihs/contract/video';
import { termine } from '../termin/termin.table.ts';
import { createSession, idOf, seatOf, sleep, videoSuite } from './video-test-support.ts';
import { sitzungEreignisse } from './video.table.ts';
import { deleteOldSitzungEreignisse } from './video-retention.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { loeschungEndpoints } from '@dihs/contract/loeschung';
import { terminEndpoints } from '@dihs/contract/termin';
import { videoEndpoints } from '@dihs/contract/video';

const START = new Date('2030-03-04T10:00:00Z');
const minutes = (n: number) => new Date(START.getTime() + n * 60_000);

describe('video session rules', () => {
  let clock = minutes(0);
  const v = videoSuite(
    [
      'betreiber@demo.de',
      'therapeut@demo.de',
      'therapeut2@demo.de',
      'patient@demo.de',
      'patient2@demo.de',
      'firmenpatient@demo.de',
    ],
    { STUN_URLS: 'stun:stun.example.org:3478', TURN_URL: 'turn:turn.example.org:3478', TURN_SECRET: 'geheim' },
    { now: () => clock },
  );
  const { bearers, connect, joined } = v;
  const sitzung = (conferenceId: number | string, email: string) =>
    v.t.app.inject({
      method: 'GET',
      url: apiUrl(videoEndpoints.sitzung, { params: { conferenceId } }),
      headers: { authorization: bearers[email]! },
    });
  /** A group appointment at START for both demo patients. */
  const group = (extra: { everyoneView?: boolean } = {}) =>
    createSession(v.t.db, {
      therapist: 'therapeut@demo.de',
      patients: ['patient@demo.de', 'patient2@demo.de'],
      start: START,
      ...extra,
    });

  it('refuses in the order of the rules, over WebSocket and GET /video/sitzung', async () => {
    const id = await createSession(v.t.db, {
      therapist: 'therapeut@demo.de',
      patients: ['patient@demo.de'],
      start: START,
      dauer: 20,
    });
    const telefon = await createSession(v.t.db, {
      therapist: 'therapeut@demo.de',
      patients: [],
      start: START,
      termintyp: 'TELEFON',
    });
    const betreiber = await connect('betreiber@demo.de');
    betreiber.send({ command: 'joinConference', conferenceId: id });
    expect(await betreiber.next('error')).toEqual({
      type: 'error',
      headline: VIDEO_MESSAGES.unberechtigt,
      description: '',
    });
    expect((await sitzung(id, 'betreiber@demo.de')).json().message).toBe(VIDEO_MESSAGES.unberechtigt);

    const patient2 = await connect('patient2@demo.de');
    patient2.send({ command: 'joinConference', conferenceId: 999_999 });
    await patient2.next('conferenceIdMissing');
    expect((await sitzung(999_999, 'patient2@demo.de')).statusCode).toBe(404);
    expect((await sitzung('abc', 'patient2@demo.de')).json().message).toContain(VIDEO_MESSAGES.unbekannt);

    const therapist2 = await connect('therapeut2@demo.de');
    therapist2.send({ command: 'joinConference', conferenceId: id });
    await therapist2.next('conferenceNotYours');
    expect((await sitzung(id, 'therapeut2@demo.de')).json().message).toBe(VIDEO_MESSAGES.nichtIhre);

    const patient = await connect('patient@demo.de');
    for (const at of [minutes(-10.1), minutes(20.1)]) {
      clock = at;
      patient.send({ command: 'joinConference', conferenceId: id });
      await patient.next('conferenceNotNow');
      expect((await sitzung(id, 'patient@demo.de')).statusCode).toBe(409);
    }
    clock = minutes(-10);
    expect((await sitzung(id, 'patient@demo.de')).json()).toMatchObject({ conferenceId: id, termintyp: 'EINZEL' });
    clock = minutes(0);
    patient.send({ command: 'joinConference', conferenceId: telefon });
    await patient.next('conferenceNotNow');

    // not booked (another patient), and a RESERVIERT seat is not enough
    patient2.send({ command: 'joinConference', conferenceId: id });
    await patient2.next('conferenceNotBooked');
    expect((await sitzung(id, 'patient2@demo.de')).json().message).toBe(VIDEO_MESSAGES.nichtGebucht);

    await v.t.db.update(termine).set({ sitzungBeendetAt: clock }).where(eq(termine.id, id));
    patient.send({ command: 'joinConference', conferenceId: id });
    await patient.next('conferenceClosed');
    expect((await sitzung(id, 'patient@demo.de')).statusCode).toBe(410);
  });

  it('kick: the member is removed, herausgeworfen set, and cannot rejoin', async () => {
    const id = await group();
    const therapist = await joined('therapeut@demo.de', id);
    const patient = await joined('patient@demo.de', id);
    const patient2 = await joined('patient2@demo.de', id);
    therapist.send({ command: 'kickMember', conferenceId: id, memberName: String(patient.userId) });
    await patient.next('kickedFromConference');
    await patient2.next('streamStatus');
    const status = therapist.messages.filter((m) => m.type === 'streamStatus').at(-1);
    expect(status?.type === 'streamStatus' && status.state.members.map((m) => m.userId)).not.toContain(patient.userId);
    expect((await seatOf(v.t.db, id, 'patient@demo.de')).herausgeworfen).toBe(true);
    patient.send({ command: 'joinConference', conferenceId: id });
    await patient.next('kicked');
    expect((await sitzung(id, 'patient@demo.de')).json().message).toBe(VIDEO_MESSAGES.herausgeworfen);
    // a kicked member's commands are refused
    patient.send({ command: 'meldung', conferenceId: id });
    expect((await patient.next('error')).description).toBe(VIDEO_MESSAGES.nichtBeigetreten);
    const events = await v.t.db.select().from(sitzungEreignisse).where(eq(sitzungEreignisse.terminId, id));
    expect(events.map((e) => e.ereignis)).toContain('HERAUSGEWORFEN');
    await patient2.none('kickedFromConference', 50);
  });

  it('lock admits only patients who had joined before; unlock; end closes for everyone', async () => {
    const id = await group();
    const therapist = await joined('therapeut@demo.de', id);
    const patient = await joined('patient@demo.de', id);
    therapist.send({ command: 'lockConference', conferenceId: id });
    await therapist.next('conferenceLocked');
    expect((await patient.next('streamStatus')).state.locked).toBe(true);
    const [row] = await v.t.db.select().from(termine).where(eq(termine.id, id));
    expect(row!.sitzungGesperrt).toBe(true);

    const newcomer = await connect('patient2@demo.de');
    newcomer.send({ command: 'joinConference', conferenceId: id });
    expect(await newcomer.next('error')).toEqual({ type: 'error', headline: VIDEO_MESSAGES.gesperrt, description: '' });
    expect((await sitzung(id, 'patient2@demo.de')).json().message).toBe(VIDEO_MESSAGES.gesperrt);
    // the patient who had joined comes back
    patient.send({ command: 'disconnect', conferenceId: id });
    patient.send({ command: 'joinConference', conferenceId: id });
    expect((await patient.next('joinedSession')).state.locked).toBe(true);

    therapist.send({ command: 'unlockConference', conferenceId: id });
    await therapist.next('conferenceUnlocked');
    newcomer.send({ command: 'joinConference', conferenceId: id });
    await newcomer.next('joinedSession');

    therapist.send({ command: 'endConference', conferenceId: id });
    await Promise.all([patient, newcomer, therapist].map((c) => c.next('conferenceClosed')));
    const [ended] = await v.t.db.select().from(termine).where(eq(termine.id, id));
    expect(ended!.sitzungBeendetAt).not.toBeNull();
    newcomer.send({ command: 'joinConference', conferenceId: id });
    await newcomer.next('conferenceClosed');
    // the appointment shows as beendet in the patient's plan
    const plan = await v.t.app.inject({
      method: 'GET',
      url: apiUrl(terminEndpoints.angemeldet),
      headers: { authorization: bearers['patient@demo.de']! },
    });
    expect(plan.statusCode).toBe(200);
    const entry = plan.json<{ id: number; beendet: boolean; beigetreten: boolean }[]>().find((e) => e.id === id);
    expect(entry).toMatchObject({ beendet: true, beigetreten: true });
  });

  it('unmute after a highlight: ending it or the therapist releases the microphone; a patient cannot', async () => {
    const id = await group({ everyoneView: true });
    const therapist = await joined('therapeut@demo.de', id);
    const a = await joined('patient@demo.de', id);
    const b = await joined('patient2@demo.de', id);
    const stateOf = async (userId: number) => {
      therapist.send({ command: 'ping' });
      await therapist.next('pingOK');
      const last = therapist.messages.filter((m) => m.type === 'streamStatus').at(-1);
      return last?.type === 'streamStatus' ? last.state.members.find((m) => m.userId === userId) : undefined;
    };
    therapist.send({ command: 'highlight', conferenceId: id, userId: a.userId });
    expect(await b.next('muteStatus')).toEqual({ type: 'muteStatus', muted: true });
    expect(await stateOf(b.userId)).toMatchObject({ audioMuted: true, mutedByTherapist: true });
    // a patient can neither lift its own mute nor another's
    a.send({ command: 'userMuted', conferenceId: id, userId: b.userId, muted: false });
    expect((await a.next('error')).headline).toBe(VIDEO_MESSAGES.nurTherapeut);
    b.send({ command: 'mute', conferenceId: id, audioMuted: false, videoMuted: false });
    expect(await stateOf(b.userId)).toMatchObject({ audioMuted: true, mutedByTherapist: true });

    therapist.send({ command: 'highlight', conferenceId: id, userId: null });
    expect(await b.next('muteStatus')).toEqual({ type: 'muteStatus', muted: false });
    expect(await stateOf(b.userId)).toMatchObject({ audioMuted: false, mutedByTherapist: false });

    therapist.send({ command: 'userMuted', conferenceId: id, userId: b.userId, muted: true });
    await b.next('muteStatus');
    therapist.send({ command: 'userMuted', conferenceId: id, userId: b.userId, muted: false });
    expect(await b.next('muteStatus')).toEqual({ type: 'muteStatus', muted: false });
    expect(await stateOf(b.userId)).toMatchObject({ audioMuted: false, mutedByTherapist: false });
    for (const c of [therapist, a, b]) c.send({ command: 'disconnect', conferenceId: id });
  });

  it('group without everyoneView: patient A never receives anything about B; with it, they negotiate', async () => {
    for (const everyoneView of [false, true]) {
      const id = await group({ everyoneView });
      const therapist = await joined('therapeut@demo.de', id);
      const a = await joined('patient@demo.de', id);
      const b = await joined('patient2@demo.de', id);
      for (const c of [therapist, a, b]) c.send({ command: 'publishStream', conferenceId: id });
      b.send({ command: 'meldung', conferenceId: id });
      b.send({ command: 'mute', conferenceId: id, audioMuted: true, videoMuted: false });
      b.send({
        command: 'iceCandidate',
        conferenceId: id,
        peerId: a.userId,
        role: 'offerer',
        candidate: { candidate: '' },
      });
      await therapist.next('userMeldungStatus');
      await therapist.next('userMuteStatus');
      a.send({ command: 'ping' });
      await a.next('pingOK');
      const aboutB = () => a.messages.filter((m) => JSON.stringify(m).includes(`:${b.userId}`));
      if (everyoneView) {
        // relayed through the session store, so they may arrive after A's ping answer: wait for them
        await vi.waitFor(() => expect(aboutB().length).toBeGreaterThan(0));
        await vi.waitFor(() => expect(b.messages).toContainEqual({ type: 'publishSdpRequest', peerId: a.userId }));
      } else {
        expect(aboutB()).toEqual([]);
        expect((await b.next('error')).headline).toBe(VIDEO_MESSAGES.ungueltigeNachricht);
      }
      for (const c of [therapist, a, b]) c.send({ command: 'disconnect', conferenceId: id });
    }
  });

  it('a reconnect keeps the conference state and renegotiates the peers', async () => {
    const id = await createSession(v.t.db, {
      therapist: 'therapeut@demo.de',
      patients: ['patient@demo.de'],
      start: START,
    });
    const therapist = await joined('therapeut@demo.de', id);
    const patient = await joined('patient@demo.de', id);
    therapist.send({ command: 'publishStream', conferenceId: id });
    patient.send({ command: 'publishStream', conferenceId: id });
    await patient.next('publishSdpRequest');
    patient.send({ command: 'meldung', conferenceId: id });
    therapist.send({ command: 'lockConference', conferenceId: id });
    therapist.send({ command: 'userMuted', conferenceId: id, userId: patient.userId, muted: true });
    await patient.next('muteStatus');
    // the patient's socket drops; a new one rejoins
    await patient.disconnect();
    const again = await connect('patient@demo.de');
    again.send({ command: 'joinConference', conferenceId: id });
    const state = (await again.next('joinedSession')).state;
    expect(state.locked).toBe(true);
    expect(state.meldungen.map((m) => m.userId)).toEqual([patient.userId]);
    expect(state.members.find((m) => m.userId === patient.userId)).toMatchObject({
      mutedByTherapist: true,
      audioMuted: true,
      publishing: false,
    });
    await again.next('therapeutJoined');
    again.send({ command: 'publishStream', conferenceId: id });
    expect(await again.next('publishSdpRequest')).toEqual({ type: 'publishSdpRequest', peerId: therapist.userId });
  });

  it('loopback relays the negotiation to the sender for any login', async () => {
    const operator = await connect('betreiber@demo.de');
    operator.send({ command: 'publishStream', conferenceId: 'loopback' });
    expect((await operator.next('error')).description).toBe(VIDEO_MESSAGES.nichtBeigetreten);
    operator.send({ command: 'joinConference', conferenceId: 'loopback' });
    expect((await operator.next('joinedSession')).state.conferenceId).toBe('loopback');
    operator.send({ command: 'publishStream', conferenceId: 'loopback' });
    expect(await operator.next('publishSdpRequest')).toEqual({ type: 'publishSdpRequest', peerId: operator.userId });
    const sdp = { type: 'offer' as const, sdp: 'v=0' };
    operator.send({
      command: 'publishSdpResponse',
      conferenceId: 'loopback',
      peerId: operator.userId,
      description: sdp,
    });
    expect(await operator.next('subscribeSdpRequest')).toEqual({
      type: 'subscribeSdpRequest',
      peerId: operator.userId,
      description: sdp,
    });
    operator.send({
      command: 'iceCandidate',
      conferenceId: 'loopback',
      peerId: operator.userId,
      role: 'answerer',
      candidate: { candidate: 'c' },
    });
    expect((await operator.next('iceCandidate')).role).toBe('answerer');
    operator.send({ command: 'testResult', conferenceId: 'loopback', result: true });
    operator.send({ command: 'lockConference', conferenceId: 'loopback' });
    expect((await operator.next('error')).headline).toBe(VIDEO_MESSAGES.ungueltigeNachricht);
  });

  it('ICE servers: STUN and coturn REST credentials', async () => {
    const response = await v.t.app.inject({
      method: 'GET',
      url: apiUrl(videoEndpoints.iceServers),
      headers: { authorization: bearers['patient@demo.de']! },
    });
    const body = response.json<{ iceServers: { urls: string; username?: string; credential?: string }[] }>();
    expect(body.iceServers[0]).toEqual({ urls: ['stun:stun.example.org:3478'] });
    const turn = body.iceServers[1]!;
    const userId = await idOf(v.t.db, 'patient@demo.de');
    expect(turn.username).toBe(`${Math.floor(clock.getTime() / 1000) + 3600}:${userId}`);
    expect(turn.credential).toBe(createHmac('sha1', 'geheim').update(turn.username!).digest('base64'));
    expect((await v.t.app.inject({ method: 'GET', url: apiUrl(videoEndpoints.iceServers) })).statusCode).toBe(401);
  });

  it('session metadata: deleted after 90 days and with the patient', async () => {
    const id = await createSession(v.t.db, {
      therapist: 'therapeut@demo.de',
      patients: [],
      start: START,
      termintyp: 'GRUPPE',
    });
    const patient = await idOf(v.t.db, 'firmenpatient@demo.de');
    const therapist = await idOf(v.t.db, 'therapeut@demo.de');
    const day = 86_400_000;
    await v.t.db.insert(sitzungEreignisse).values([
      { terminId: id, userId: therapist, ereignis: 'BEIGETRETEN', at: new Date(clock.getTime() - 91 * day) },
      { terminId: id, userId: therapist, ereignis: 'VERLASSEN', at: new Date(clock.getTime() - 89 * day) },
      { terminId: id, userId: patient, ereignis: 'BEIGETRETEN', at: clock },
    ]);
    expect(await deleteOldSitzungEreignisse(v.t.db, clock)).toBeGreaterThanOrEqual(1);
    const left = await v.t.db.select().from(sitzungEreignisse).where(eq(sitzungEreignisse.terminId, id));
    expect(left.map((e) => e.ereignis)).toEqual(['VERLASSEN', 'BEIGETRETEN']);
    const started = await v.t.app.inject({
      method: 'DELETE',
      url: apiUrl(loeschungEndpoints.loeschen, { params: { patientId: patient } }),
      headers: { authorization: bearers['betreiber@demo.de']! },
    });
    expect(started.statusCode).toBe(200);
    const ofPatient = () => v.t.db.select().from(sitzungEreignisse).where(eq(sitzungEreignisse.userId, patient));
    for (let i = 0; i < 100 && (await ofPatient()).length > 0; i += 1) await sleep(100);
    expect(await ofPatient()).toEqual([]);
  });
});
