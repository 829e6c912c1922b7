import type { Page } from '@playwright/test';
import type { ServerMessage } from '@dihs/contract/video';
import { expect, test } from './support/fixtures.ts';
import {
  decodedFrames,
  expectReceiving,
  loggedIn,
  patientJoins,
  sessionTermin,
  therapistPath,
  useVideoBrowser,
} from './support/video.ts';

useVideoBrowser(240_000);

/** The server's messages to this page (read off the STOMP frames of its WebSocket). */
function serverMessages(page: Page): ServerMessage[] {
  const messages: ServerMessage[] = [];
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString('utf8');
      if (!text.startsWith('MESSAGE')) return;
      const body = text.slice(text.indexOf('\n\n') + 2).replace(/\0$/, '');
      messages.push(JSON.parse(body) as ServerMessage);
    });
  });
  return messages;
}

type SfuJoin = Extract<ServerMessage, { type: 'sfuJoin' }>;
const sfuJoinOf = (messages: ServerMessage[]) => messages.find((m): m is SfuJoin => m.type === 'sfuJoin');

test.skip(!process.env.E2E_SERVER_ENV?.includes('JANUS_WS_URL'), 'Janus ist nicht installiert');

test('a group of five through Janus: everyone receives everyone, and nothing is negotiated peer to peer', async ({
  browser,
}) => {
  const termin = await sessionTermin({ gruppe: true, patients: 4, everyoneView: true });
  const members = [termin.therapist, ...termin.patients];
  const t = await loggedIn(browser, termin.therapist);
  const ps = [];
  for (const patient of termin.patients) ps.push(await loggedIn(browser, patient));
  const all = [t, ...ps];
  const seen = all.map((c) => serverMessages(c.page));

  await t.page.goto(therapistPath(termin.id));
  for (const p of ps) await patientJoins(p.page, termin.id);

  for (const [i, c] of all.entries()) {
    for (const other of members) if (other.id !== members[i]!.id) await expectReceiving(c.page, other.id);
  }
  for (const messages of seen) {
    expect(messages.find((m) => m.type === 'joinedSession')).toMatchObject({ state: { mode: 'sfu' } });
    expect(sfuJoinOf(messages)).toBeDefined();
    expect(messages.some((m) => m.type === 'publishSdpRequest' || m.type === 'subscribeSdpRequest')).toBe(false);
  }
  for (const c of all) await c.context.close();
});

/**
 * A thief with a stolen join token, in a page of its own: speaks Janus's protocol directly (no e2ee module), joins
 * the room as a subscriber of the therapist's feed and reports what its decoder made of the frames.
 */
async function stolenSubscription(page: Page, join: SfuJoin, feed: number): Promise<void> {
  await page.evaluate(
    async ({ join, feed }) => {
      const socket = new WebSocket(join.url, 'janus-protocol');
      await new Promise((resolve, reject) => {
        socket.onopen = resolve;
        socket.onerror = reject;
      });
      /** The part of Janus's answers used here. */
      interface Answer {
        janus: string;
        transaction?: string;
        data: { id: number };
        jsep?: RTCSessionDescriptionInit;
        plugindata?: { data?: { error?: string } };
      }
      const waiting = new Map<string, (answer: Answer) => void>();
      socket.onmessage = (event) => {
        const answer = JSON.parse(String(event.data)) as Answer;
        const resolve = waiting.get(String(answer.transaction));
        if (resolve && answer.janus !== 'ack') {
          waiting.delete(String(answer.transaction));
          resolve(answer);
        }
      };
      let counter = 0;
      const request = (body: Record<string, unknown>) =>
        new Promise<Answer>((resolve) => {
          const transaction = `t${counter++}`;
          waiting.set(transaction, resolve);
          socket.send(JSON.stringify({ ...body, transaction, apisecret: join.apiSecret ?? undefined }));
        });
      const session_id = (await request({ janus: 'create' })).data.id;
      const handle_id = (await request({ janus: 'attach', session_id, plugin: 'janus.plugin.videoroom' })).data.id;
      const message = (body: Record<string, unknown>, jsep?: unknown) =>
        request({ janus: 'message', session_id, handle_id, body, jsep });
      const joined = await message({
        request: 'join',
        ptype: 'subscriber',
        room: join.room,
        streams: [{ feed }],
        token: join.token,
      });
      if (!joined.jsep) throw new Error(JSON.stringify(joined.plugindata));
      const pc = new RTCPeerConnection();
      (window as unknown as { thief: RTCPeerConnection }).thief = pc;
      await pc.setRemoteDescription(joined.jsep);
      await pc.setLocalDescription(await pc.createAnswer());
      // no trickle: the answer carries the candidates
      await new Promise<void>((resolve) => {
        if (pc.iceGatheringState === 'complete') resolve();
        pc.onicegatheringstatechange = () => pc.iceGatheringState === 'complete' && resolve();
      });
      const started = await message(
        { request: 'start', room: join.room },
        { type: 'answer', sdp: pc.localDescription!.sdp, e2ee: true },
      );
      if (started.plugindata?.data?.error) throw new Error(started.plugindata.data.error);
      setInterval(() => socket.send(JSON.stringify({ janus: 'keepalive', session_id, transaction: 'k' })), 20_000);
    },
    { join, feed },
  );
}

const thiefVideo = (page: Page) =>
  page.evaluate(async () => {
    const pc = (window as unknown as { thief: RTCPeerConnection }).thief;
    const stats = [...(await pc.getStats()).values()] as {
      type: string;
      kind?: string;
      packetsReceived?: number;
      framesDecoded?: number;
    }[];
    const video = stats.find((s) => s.type === 'inbound-rtp' && s.kind === 'video');
    return { packets: video?.packetsReceived ?? 0, decoded: video?.framesDecoded ?? 0 };
  });

test('a stolen join token gets the frames, but they do not decode without the keys', async ({ browser }) => {
  const termin = await sessionTermin({ gruppe: true, patients: 4 });
  const patient = termin.patients[0]!;
  const t = await loggedIn(browser, termin.therapist);
  const p = await loggedIn(browser, patient);
  const patientMessages = serverMessages(p.page);
  await t.page.goto(therapistPath(termin.id));
  await patientJoins(p.page, termin.id);
  // the session works for its members: the patient decodes the therapist
  await expectReceiving(p.page, termin.therapist.id);

  await expect.poll(() => sfuJoinOf(patientMessages)).toBeDefined();
  const stolen = sfuJoinOf(patientMessages)!;
  const thief = await browser.newContext();
  const thiefPage = await thief.newPage();
  await thiefPage.goto(`${process.env.E2E_BASE_URL}/`);
  await stolenSubscription(thiefPage, stolen, termin.therapist.id);

  // the frames arrive (many packets) ...
  await expect.poll(async () => (await thiefVideo(thiefPage)).packets, { timeout: 25_000 }).toBeGreaterThan(200);
  // ... but while the patient decodes 60 more pictures, the thief's decoder makes next to nothing of them (VP8's
  // readable header lets libvpx take an encrypted key frame for noise now and then: docs/decisions.md)
  const thiefBefore = (await thiefVideo(thiefPage)).decoded;
  const memberBefore = await decodedFrames(p.page, termin.therapist.id);
  await expect
    .poll(() => decodedFrames(p.page, termin.therapist.id), { timeout: 20_000 })
    .toBeGreaterThan(memberBefore + 60);
  const memberGained = (await decodedFrames(p.page, termin.therapist.id)) - memberBefore;
  const thiefGained = (await thiefVideo(thiefPage)).decoded - thiefBefore;
  expect(thiefGained).toBeLessThan(memberGained / 10);
  for (const c of [t, p]) await c.context.close();
  await thief.close();
});
