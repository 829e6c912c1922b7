import { createServer as createNetServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { baseUrl, expect, test } from './support/fixtures.ts';
import { useVideoBrowser } from './support/video.ts';
import { scaled } from './support/slowness.ts';

/**
 * The e2ee module (apps/web/src/features/video/e2ee) in Chromium with real WebRTC on loopback: one sender encrypts
 * its camera for three receivers in the same page. The module is served by Vite from its sources, under the
 * Content-Security-Policy of the built app, so its frame worker is shown to load where the app runs.
 */

useVideoBrowser(90_000);

const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web');
const MODULE = '/src/features/video/e2ee/index.ts';
const PAGE = '/e2ee-test.html';

const SENDER = 1;
const MEMBER = 2;
const OUTSIDER = 3;
const REMOVED = 4;

/** The module's API as the page uses it (apps/web/src/features/video/e2ee/index.ts; e2e may not import apps). */
interface KeyMessage {
  peerId: number;
  kind: 'publicKey' | 'senderKey';
  payload: string;
}
interface E2eeSession {
  handleKeyMessage(message: KeyMessage): Promise<void>;
  membersChanged(memberIds: number[]): Promise<void>;
  encryptSender(sender: RTCRtpSender): void;
  decryptReceiver(receiver: RTCRtpReceiver, senderId: number): void;
}
interface E2eeModule {
  e2eeSupported(): boolean;
  e2eePeerConnectionConfig(): RTCConfiguration;
  createE2eeSession(options: { selfId: number; sendKeyMessage: (message: KeyMessage) => void }): Promise<E2eeSession>;
}

interface Reception {
  framesDecoded: number;
  bytesReceived: number;
  width: number;
  height: number;
  shown: number;
}

interface PageApi {
  reception(receiverId: number): Promise<Reception>;
  /** The sender's members without REMOVED: resolves when its new key is in use. */
  removeMember(): Promise<void>;
  violations: string[];
}

declare global {
  interface Window {
    e2eeTest?: PageApi;
  }
}

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

let vite: ViteDevServer | undefined;
let origin = '';

test.beforeAll(async () => {
  // the policy the app's server sends with every page
  const csp = (await fetch(baseUrl())).headers.get('content-security-policy');
  if (!csp) throw new Error('Der Server sendet keine Content-Security-Policy');
  const port = await freePort();
  vite = await createServer({
    configFile: false,
    root: WEB_ROOT,
    logLevel: 'silent',
    // only the e2ee module is served: no scan of the whole app for dependencies to pre-bundle
    optimizeDeps: { noDiscovery: true, include: [] },
    server: { host: '127.0.0.1', port, strictPort: true, hmr: false, watch: null },
    plugins: [
      {
        name: 'e2ee-test-page',
        configureServer(server) {
          server.middlewares.use((request, response, next) => {
            response.setHeader('content-security-policy', csp);
            if (request.url !== PAGE) return next();
            response.setHeader('content-type', 'text/html; charset=utf-8');
            response.end('<!doctype html><html lang="de"><head><title>E2EE</title></head><body></body></html>');
          });
        },
      },
    ],
  });
  await vite.listen();
  origin = `http://127.0.0.1:${port}`;
});

test.afterAll(async () => {
  await vite?.close();
});

/**
 * In the page: four e2ee sessions whose key messages a relay in the page passes on as the server would (to the
 * addressed member or to every other one, with the sender as peerId). SENDER's members are MEMBER and REMOVED;
 * OUTSIDER is connected and receives the media, but is not SENDER's member.
 */
async function setUp({
  ids,
  moduleUrl,
  api,
}: {
  ids: { sender: number; member: number; outsider: number; removed: number };
  moduleUrl: string;
  api: 'script' | 'streams';
}) {
  const violations: string[] = [];
  document.addEventListener('securitypolicyviolation', (event) => violations.push(event.violatedDirective));
  // Chromium has both APIs: without RTCRtpScriptTransform the module takes the insertable-streams path
  if (api === 'streams') Reflect.deleteProperty(window, 'RTCRtpScriptTransform');
  const e2ee = (await import(moduleUrl)) as E2eeModule;
  if (!e2ee.e2eeSupported()) throw new Error('Encoded transforms fehlen');
  const insertable = 'encodedInsertableStreams' in e2ee.e2eePeerConnectionConfig();
  if (insertable !== (api === 'streams')) throw new Error(`Falscher Weg für ${api}`);

  const sessions = new Map<number, E2eeSession>();
  const relay = (from: number, message: KeyMessage) => {
    const to = message.peerId === 0 ? [...sessions.keys()].filter((id) => id !== from) : [message.peerId];
    for (const id of to) void sessions.get(id)?.handleKeyMessage({ ...message, peerId: from });
  };
  for (const id of [ids.sender, ids.member, ids.outsider, ids.removed]) {
    sessions.set(id, await e2ee.createE2eeSession({ selfId: id, sendKeyMessage: (message) => relay(id, message) }));
  }
  const session = (id: number) => sessions.get(id)!;
  await session(ids.sender).membersChanged([ids.member, ids.removed]);
  for (const id of [ids.member, ids.outsider, ids.removed]) await session(id).membersChanged([ids.sender]);

  const camera = await navigator.mediaDevices.getUserMedia({ video: { width: 320, height: 240 }, audio: false });
  const track = camera.getVideoTracks()[0]!;
  const vp8First = (RTCRtpReceiver.getCapabilities('video')?.codecs ?? []).sort(
    (a, b) => Number(b.mimeType === 'video/VP8') - Number(a.mimeType === 'video/VP8'),
  );
  const receivers = new Map<number, { pc: RTCPeerConnection; video: HTMLVideoElement }>();
  for (const receiverId of [ids.member, ids.outsider, ids.removed]) {
    const send = new RTCPeerConnection(e2ee.e2eePeerConnectionConfig());
    const receive = new RTCPeerConnection(e2ee.e2eePeerConnectionConfig());
    send.onicecandidate = ({ candidate }) => void (candidate && receive.addIceCandidate(candidate));
    receive.onicecandidate = ({ candidate }) => void (candidate && send.addIceCandidate(candidate));
    const transceiver = send.addTransceiver(track, { direction: 'sendonly' });
    session(ids.sender).encryptSender(transceiver.sender);
    transceiver.setCodecPreferences(vp8First);
    const video = document.createElement('video');
    video.autoplay = true;
    video.muted = true;
    video.playsInline = true;
    document.body.append(video);
    receive.ontrack = ({ receiver, track: remote }) => {
      session(receiverId).decryptReceiver(receiver, ids.sender);
      video.srcObject = new MediaStream([remote]);
    };
    await send.setLocalDescription();
    await receive.setRemoteDescription(send.localDescription!);
    await receive.setLocalDescription();
    await send.setRemoteDescription(receive.localDescription!);
    receivers.set(receiverId, { pc: receive, video });
  }

  window.e2eeTest = {
    violations,
    async reception(receiverId) {
      const { pc, video } = receivers.get(receiverId)!;
      let framesDecoded = 0;
      let bytesReceived = 0;
      (await pc.getStats()).forEach((report: { type: string; framesDecoded?: number; bytesReceived?: number }) => {
        if (report.type !== 'inbound-rtp') return;
        framesDecoded += report.framesDecoded ?? 0;
        bytesReceived += report.bytesReceived ?? 0;
      });
      return {
        framesDecoded,
        bytesReceived,
        width: video.videoWidth,
        height: video.videoHeight,
        shown: video.getVideoPlaybackQuality().totalVideoFrames,
      };
    },
    removeMember: () => session(ids.sender).membersChanged([ids.member]),
  };
}

for (const api of ['script', 'streams'] as const) {
  test(`${api}: a member decodes the encrypted frames, a receiver without the key and a removed member none`, async ({
    page,
  }) => {
    await page.goto(`${origin}${PAGE}`);
    // setUp runs in the page (Playwright passes its source): it may use nothing of this file but its argument
    await page.evaluate(setUp, {
      ids: { sender: SENDER, member: MEMBER, outsider: OUTSIDER, removed: REMOVED },
      moduleUrl: MODULE,
      api,
    });
    const reception = (id: number) => page.evaluate((receiverId) => window.e2eeTest!.reception(receiverId), id);

    // The member and (for now) REMOVED decode real frames, more and more of them, and show a picture. A frame
    // decodes only after it authenticated with a key of the sender (a plain frame fails): so the frames were
    // encrypted, with the key the member was given.
    for (const id of [MEMBER, REMOVED]) {
      await expect
        .poll(async () => (await reception(id)).framesDecoded, { timeout: scaled(25_000) })
        .toBeGreaterThan(0);
      const first = await reception(id);
      await expect.poll(async () => (await reception(id)).framesDecoded).toBeGreaterThan(first.framesDecoded);
      await expect.poll(async () => (await reception(id)).shown).toBeGreaterThan(0);
      // the encoder may scale the picture down under load: any size counts
      const shown = await reception(id);
      expect(shown.width * shown.height).toBeGreaterThan(0);
    }

    // The outsider receives the same media all along but has no key: while the member decoded 30 more frames, the
    // outsider decoded none.
    const start = (await reception(MEMBER)).framesDecoded;
    await expect.poll(async () => (await reception(MEMBER)).framesDecoded).toBeGreaterThan(start + 30);
    const outsider = await reception(OUTSIDER);
    expect(outsider.bytesReceived).toBeGreaterThan(0);
    expect(outsider.framesDecoded).toBe(0);
    expect(outsider.shown).toBe(0);

    // REMOVED leaves the sender's members: a new key, in use once removeMember resolves. Frames still on the way
    // with the old key may decode; once the member has decoded 10 frames more, REMOVED's count must stand still while
    // the member decodes 30 more, although REMOVED keeps receiving the media.
    await page.evaluate(() => window.e2eeTest!.removeMember());
    const switched = (await reception(MEMBER)).framesDecoded;
    await expect.poll(async () => (await reception(MEMBER)).framesDecoded).toBeGreaterThan(switched + 10);
    const removedBefore = await reception(REMOVED);
    const memberBefore = (await reception(MEMBER)).framesDecoded;
    await expect.poll(async () => (await reception(MEMBER)).framesDecoded).toBeGreaterThan(memberBefore + 30);
    const removedAfter = await reception(REMOVED);
    expect(removedAfter.framesDecoded).toBe(removedBefore.framesDecoded);
    expect(removedAfter.bytesReceived).toBeGreaterThan(removedBefore.bytesReceived);
    expect((await reception(OUTSIDER)).framesDecoded).toBe(0);

    // the worker and the module loaded under the app's policy without a violation
    expect(await page.evaluate(() => window.e2eeTest!.violations)).toEqual([]);
  });
}
