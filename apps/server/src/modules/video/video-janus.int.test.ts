import Janode, { type JanodeConnection } from 'janode';
import VideoRoomPlugin, { type VideoRoomHandle } from 'janode/plugins/videoroom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureJanus, janusServerEnv, startJanus, type StartedJanus } from '../../../../../scripts/janus.mjs';
import { createJanusProbe } from './janus-rooms.ts';
import { createSession, videoSuite } from './video-test-support.ts';

/**
 * The room lifecycle against a real Janus of the test's own (scripts/janus.mjs, token_auth on): a room per large
 * group, a token per member, kick and end mirrored in Janus. A janode client with the API secret looks into the rooms;
 * janode clients with a token only stand for the browser (and for a thief of a token).
 */
const janusAvailable = ensureJanus();
if (!janusAvailable) console.warn('Janus ist nicht installiert und ließ sich nicht installieren: Test übersprungen.');

describe.skipIf(!janusAvailable)('video sessions through Janus', () => {
  let janus: StartedJanus;
  // filled before videoSuite's beforeAll builds the app (hooks run in the order they were registered)
  const env: Record<string, string> = {};
  beforeAll(async () => {
    janus = await startJanus();
    Object.assign(env, { ...janusServerEnv(janus), SFU_FROM_PARTICIPANTS: '4' });
  });
  // registered before videoSuite's: runs after the app closed (afterAll hooks run in reverse order)
  afterAll(async () => {
    await janus?.stop();
  });
  const v = videoSuite(['therapeut@demo.de', 'patient@demo.de', 'patient2@demo.de'], env);
  let client: JanodeConnection;
  const browsers: JanodeConnection[] = [];
  beforeAll(async () => {
    client = await Janode.connect({ address: { url: janus.url, apisecret: janus.apiSecret } });
  });
  afterAll(async () => {
    for (const connection of [client, ...browsers]) await connection?.close().catch(() => undefined);
  });

  /** A VideoRoom handle on a Janus session of its own: with the API secret, or as a browser with a token only. */
  const attach = async (as: { token?: string } = {}) => {
    let connection = client;
    if ('token' in as) {
      connection = await Janode.connect({ address: { url: janus.url, token: as.token } });
      browsers.push(connection);
    }
    const session = await connection.create();
    return session.attach<VideoRoomHandle>(VideoRoomPlugin);
  };
  /** What Janus answers a browser with this token (or none): in, or its error ("403 ..." for a refused token). */
  const janusLetsIn = (token?: string) => attach({ token }).then(() => 'eingelassen', String);
  /** Joins the room as a publisher the way the browser does (no media needed to be a participant). */
  const joinRoom = (handle: VideoRoomHandle, room: number, feed: number, token: string) =>
    handle.message({ request: 'join', ptype: 'publisher', room, id: feed, display: String(feed), token });

  it('a large group gets a room, a token per member; kick and end follow in Janus', async () => {
    const conferenceId = await createSession(v.t.db, {
      therapist: 'therapeut@demo.de',
      patients: ['patient@demo.de', 'patient2@demo.de'],
      start: new Date(Date.now() + 60_000),
    });
    const therapist = await v.connect('therapeut@demo.de');
    therapist.send({ command: 'joinConference', conferenceId });
    expect((await therapist.next('joinedSession')).state.mode).toBe('sfu');
    const tJoin = await therapist.next('sfuJoin');
    expect(tJoin).toMatchObject({ url: janus.url, room: conferenceId, feedId: therapist.userId });
    // the browser never learns a secret: neither the API secret, the admin secret nor the admin key (nor the room
    // secret, which is derived from it)
    for (const secret of [janus.apiSecret, janus.adminSecret, janus.adminKey]) {
      expect(JSON.stringify(tJoin)).not.toContain(secret);
    }
    // Janus refuses a browser without a token, or with a made-up one, before any plugin
    expect(await janusLetsIn()).toMatch(/^Error: 403 /);
    expect(await janusLetsIn('erraten')).toMatch(/^Error: 403 /);

    const patient = await v.connect('patient@demo.de');
    patient.send({ command: 'joinConference', conferenceId });
    await patient.next('joinedSession');
    const pJoin = await patient.next('sfuJoin');
    expect(pJoin.token).not.toBe(tJoin.token);

    const probe = await attach();
    expect((await probe.exists({ room: conferenceId })).exists).toBe(true);
    // without a token of this session, Janus refuses the join
    await expect(joinRoom(probe, conferenceId, 999_999, 'erraten')).rejects.toThrow(/^43\d /);
    // the patient's browser gets into Janus and the room with its token alone
    const patientHandle = await attach({ token: pJoin.token });
    await joinRoom(patientHandle, conferenceId, patient.userId, pJoin.token);
    // Janus tells the kicked participant itself that it is leaving, with the reason
    const kicked = new Promise<unknown>((resolve) =>
      patientHandle.once('videoroom_leaving', (data: { reason?: string }) => resolve(data.reason)),
    );

    therapist.send({ command: 'kickMember', conferenceId, memberName: String(patient.userId) });
    await patient.next('kickedFromConference');
    expect(await kicked).toBe('kicked');
    // the kicked member's token no longer opens the room, nor Janus itself
    await expect(joinRoom(await attach(), conferenceId, patient.userId, pJoin.token)).rejects.toThrow(/^43\d /);
    expect(await janusLetsIn(pJoin.token)).toMatch(/^Error: 403 /);
    expect(await janusLetsIn(tJoin.token)).toBe('eingelassen');

    therapist.send({ command: 'endConference', conferenceId });
    await therapist.next('conferenceClosed');
    await expect.poll(async () => (await probe.exists({ room: conferenceId })).exists).toBe(false);
    // the end withdraws the tokens of the members still there
    expect(await janusLetsIn(tJoin.token)).toMatch(/^Error: 403 /);
  });

  it('a member who leaves loses its token; the last one out closes the room', async () => {
    const conferenceId = await createSession(v.t.db, {
      therapist: 'therapeut@demo.de',
      patients: ['patient@demo.de', 'patient2@demo.de'],
      start: new Date(Date.now() + 60_000),
    });
    const therapist = await v.joined('therapeut@demo.de', conferenceId);
    await therapist.next('sfuJoin');
    const patient = await v.joined('patient2@demo.de', conferenceId);
    const { token } = await patient.next('sfuJoin');
    expect(await janusLetsIn(token)).toBe('eingelassen');
    patient.send({ command: 'disconnect', conferenceId });
    // each attempt on a fresh handle (a handle that got in cannot join again)
    const attempt = async () =>
      joinRoom(await attach(), conferenceId, patient.userId, token).then(() => 'beigetreten', String);
    await expect.poll(attempt).toMatch(/^Error: 433 /);
    await expect.poll(() => janusLetsIn(token)).toMatch(/^Error: 403 /);
    const probe = await attach();
    therapist.send({ command: 'disconnect', conferenceId });
    await expect.poll(async () => (await probe.exists({ room: conferenceId })).exists).toBe(false);
  });

  it('one-on-one and small groups stay peer-to-peer', async () => {
    const conferenceId = await createSession(v.t.db, {
      therapist: 'therapeut@demo.de',
      patients: ['patient@demo.de'],
      start: new Date(Date.now() + 60_000),
    });
    const therapist = await v.joined('therapeut@demo.de', conferenceId);
    expect(therapist.messages.find((m) => m.type === 'joinedSession')).toMatchObject({ state: { mode: 'p2p' } });
    await therapist.none('sfuJoin');
    expect((await (await attach()).exists({ room: conferenceId })).exists).toBe(false);
  });

  it('the reachability probe (dihs_janus_reachable) sees Janus, and not a closed admin port', async () => {
    const probe = createJanusProbe(v.t.config.janus!);
    const closed = createJanusProbe({ ...v.t.config.janus!, adminUrl: 'ws://127.0.0.1:9/' });
    try {
      expect(await probe.reachable()).toBe(true);
      expect(await probe.reachable()).toBe(true);
      expect(await closed.reachable()).toBe(false);
    } finally {
      await probe.close();
      await closed.close();
    }
  });
});
