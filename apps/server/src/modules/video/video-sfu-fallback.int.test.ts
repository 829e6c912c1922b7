import Janode, { type JanodeConnection } from 'janode';
import VideoRoomPlugin, { type VideoRoomHandle } from 'janode/plugins/videoroom';
import { VIDEO_MESSAGES, type ServerMessage } from '@dihs/contract/video';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureJanus, janusServerEnv, startJanus, type StartedJanus } from '../../../../../scripts/janus.mjs';
import { createSession, videoSuite, type TestClient } from './video-test-support.ts';

/**
 * A member whose browser cannot encrypt end to end (joinConference with e2ee: false) joins a session that goes
 * through Janus: refused (SFU_OHNE_VERSCHLUESSELUNG=ablehnen, the default), or the session runs peer-to-peer for
 * everyone (peer-to-peer). Against a real Janus of the test's own, so the room's end is seen in Janus itself.
 */
const janusAvailable = ensureJanus();
if (!janusAvailable) console.warn('Janus ist nicht installiert und ließ sich nicht installieren: Test übersprungen.');

const THERAPIST = 'therapeut@demo.de';
const PATIENTS = ['patient@demo.de', 'patient2@demo.de'];

const stateOf = (message: ServerMessage) =>
  message.type === 'joinedSession' || message.type === 'streamStatus' ? message.state : null;
/** The last conference state the client was sent. */
const lastState = (client: TestClient) =>
  client.messages
    .map(stateOf)
    .filter((s) => s !== null)
    .at(-1);

describe.skipIf(!janusAvailable)('a browser without end-to-end encryption in a session through Janus', () => {
  let janus: StartedJanus;
  let probeClient: JanodeConnection;
  // filled before the suites' beforeAll build their apps (outer hooks run first)
  const janusEnv: Record<string, string> = {};
  beforeAll(async () => {
    janus = await startJanus();
    Object.assign(janusEnv, janusServerEnv(janus), { SFU_FROM_PARTICIPANTS: '4' });
    Janode.Logger.setLevel('none');
    probeClient = await Janode.connect({ address: { url: janus.url, apisecret: janus.apiSecret } });
  });
  afterAll(async () => {
    await probeClient?.close().catch(() => undefined);
    await janus?.stop();
  });
  const roomExists = async (room: number) => {
    const session = await probeClient.create();
    const handle = await session.attach<VideoRoomHandle>(VideoRoomPlugin);
    try {
      return (await handle.exists({ room })).exists;
    } finally {
      await session.destroy().catch(() => undefined);
    }
  };
  const groupSession = (v: ReturnType<typeof videoSuite>) =>
    createSession(v.t.db, { therapist: THERAPIST, patients: PATIENTS, start: new Date(Date.now() + 60_000) });

  describe('SFU_OHNE_VERSCHLUESSELUNG=peer-to-peer', () => {
    const env: Record<string, string> = {};
    beforeAll(() => {
      Object.assign(env, janusEnv, { SFU_OHNE_VERSCHLUESSELUNG: 'peer-to-peer' });
    });
    const v = videoSuite([THERAPIST, ...PATIENTS], env);

    it('the session leaves Janus and runs peer-to-peer for everyone until it ends', async () => {
      const conferenceId = await groupSession(v);
      const therapist = await v.connect(THERAPIST);
      therapist.send({ command: 'joinConference', conferenceId, e2ee: true });
      expect((await therapist.next('joinedSession')).state).toMatchObject({ mode: 'sfu', e2eeFallback: false });
      await therapist.next('sfuJoin');
      // published to Janus: no pairs negotiated
      therapist.send({ command: 'publishStream', conferenceId });
      expect(await roomExists(conferenceId)).toBe(true);

      const patient = await v.connect(PATIENTS[0]!);
      patient.send({ command: 'joinConference', conferenceId, e2ee: false });
      expect((await patient.next('joinedSession')).state).toMatchObject({ mode: 'p2p', e2eeFallback: true });
      // the member already in Janus is told; Janus's room is gone, and the newcomer never got a token
      await expect.poll(() => lastState(therapist)).toMatchObject({ mode: 'p2p', e2eeFallback: true });
      expect(await roomExists(conferenceId)).toBe(false);
      await patient.none('sfuJoin');

      // everyone publishes again, now to the pairs: the later joiner offers to the therapist
      therapist.send({ command: 'publishStream', conferenceId });
      patient.send({ command: 'publishStream', conferenceId });
      expect(await patient.next('publishSdpRequest')).toEqual({ type: 'publishSdpRequest', peerId: therapist.userId });

      // a later member whose browser can encrypt joins the mesh as well
      const second = await v.connect(PATIENTS[1]!);
      second.send({ command: 'joinConference', conferenceId, e2ee: true });
      expect((await second.next('joinedSession')).state).toMatchObject({ mode: 'p2p', e2eeFallback: true });
      await second.none('sfuJoin');

      // the member who could not encrypt leaves: the session stays peer-to-peer
      patient.send({ command: 'disconnect', conferenceId });
      await expect
        .poll(() => lastState(therapist)?.members.map((m) => m.userId))
        .toEqual([therapist.userId, second.userId]);
      expect(lastState(therapist)).toMatchObject({ mode: 'p2p', e2eeFallback: true });
      expect(await roomExists(conferenceId)).toBe(false);
    });
  });

  describe('SFU_OHNE_VERSCHLUESSELUNG=ablehnen (default)', () => {
    const v = videoSuite([THERAPIST, ...PATIENTS], janusEnv);
    const refusal = {
      type: 'error',
      headline: VIDEO_MESSAGES.verschluesselung,
      description: VIDEO_MESSAGES.verschluesselungText,
    };

    it('refuses that member with its message; the others go on through Janus', async () => {
      const conferenceId = await groupSession(v);
      const therapist = await v.joined(THERAPIST, conferenceId);
      await therapist.next('sfuJoin');

      const patient = await v.connect(PATIENTS[0]!);
      patient.send({ command: 'joinConference', conferenceId, e2ee: false });
      expect(await patient.next('error')).toEqual(refusal);
      await patient.none('joinedSession');
      // not a member: its commands are refused, and the others never see it
      patient.send({ command: 'meldung', conferenceId });
      expect(await patient.next('error')).toMatchObject({ description: VIDEO_MESSAGES.nichtBeigetreten });
      expect(therapist.messages.some((m) => stateOf(m)?.members.some((x) => x.userId === patient.userId))).toBe(false);
      expect(await roomExists(conferenceId)).toBe(true);

      // a member who can encrypt (or makes no claim) still joins through Janus
      const second = await v.joined(PATIENTS[1]!, conferenceId);
      expect(lastState(second)).toMatchObject({ mode: 'sfu', e2eeFallback: false });
      await second.next('sfuJoin');
    });

    it('a refused first joiner leaves no conference behind', async () => {
      const conferenceId = await groupSession(v);
      const patient = await v.connect(PATIENTS[0]!);
      patient.send({ command: 'joinConference', conferenceId, e2ee: false });
      expect(await patient.next('error')).toEqual(refusal);
      const therapist = await v.joined(THERAPIST, conferenceId);
      expect(lastState(therapist)).toMatchObject({ mode: 'sfu', members: [{ userId: therapist.userId }] });
      await therapist.next('sfuJoin');
    });
  });
});
