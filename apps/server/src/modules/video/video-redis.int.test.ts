import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { AppInstance } from '../../app-types.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { newConference, type ConferenceRecord } from './conference.ts';
import { createRedisBackend } from '../../plugins/stomp/redis-backend.ts';
import { connectClient, createSession, seatOf, type TestClient } from './video-test-support.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';

describe('two server instances behind one Redis', () => {
  const prefix = `dihs-test-${randomUUID()}:`;
  let t: TestApp;
  let second: AppInstance;
  const open: TestClient[] = [];
  const wsUrl = (app: AppInstance) => `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/ws`;

  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL, REDIS_KEY_PREFIX: prefix });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    // Same database, same Redis, another port.
    second = await buildApp({ config: t.config, db: t.db, tokens: t.tokens });
    await second.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.disconnect()));
    await second?.close();
    await t?.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('a therapist on one instance and a patient on the other hold a session', async () => {
    const conferenceId = await createSession(t.db, {
      therapist: 'therapeut@demo.de',
      patients: ['patient@demo.de'],
      start: new Date(Date.now() + 60_000),
    });
    const therapist = await connectClient(wsUrl(t.app), await t.bearer('therapeut@demo.de'));
    const patient = await connectClient(wsUrl(second), await t.bearer('patient@demo.de'));
    open.push(therapist, patient);

    patient.send({ command: 'joinConference', conferenceId });
    expect((await patient.next('joinedSession')).state.therapeutPresent).toBe(false);
    therapist.send({ command: 'joinConference', conferenceId });
    const joined = await therapist.next('joinedSession');
    expect(joined.state.members.map((m) => m.userId)).toContain(patient.userId);
    await patient.next('therapeutJoined');

    patient.send({ command: 'publishStream', conferenceId });
    therapist.send({ command: 'publishStream', conferenceId });
    expect(await therapist.next('publishSdpRequest')).toEqual({ type: 'publishSdpRequest', peerId: patient.userId });
    const offer = { type: 'offer' as const, sdp: 'v=0' };
    therapist.send({ command: 'publishSdpResponse', conferenceId, peerId: patient.userId, description: offer });
    expect((await patient.next('subscribeSdpRequest')).description).toEqual(offer);
    patient.send({
      command: 'iceCandidate',
      conferenceId,
      peerId: therapist.userId,
      role: 'answerer',
      candidate: { candidate: 'c' },
    });
    expect((await therapist.next('iceCandidate')).peerId).toBe(patient.userId);

    therapist.send({ command: 'userMuted', conferenceId, userId: patient.userId, muted: true });
    expect(await patient.next('muteStatus')).toEqual({ type: 'muteStatus', muted: true });
    expect(await therapist.next('userMuteStatus')).toMatchObject({ audioMuted: true, videoMuted: false });
    patient.send({ command: 'mute', conferenceId, audioMuted: false, videoMuted: true });
    expect(await therapist.next('userMuteStatus')).toMatchObject({ audioMuted: true, videoMuted: true });
    expect((await seatOf(t.db, conferenceId, 'patient@demo.de')).teilgenommen).toBe(true);

    // the state lives in Redis under the test's prefix
    const redis = new Redis(REDIS_URL);
    const raw = await redis.get(`${prefix}video:conference:${conferenceId}`);
    await redis.quit();
    expect(JSON.parse(raw!).members).toHaveLength(2);
  });

  it('updates of one conference from two instances are atomic', async () => {
    const log = { info: () => undefined, error: () => undefined };
    const [a, b] = await Promise.all([
      createRedisBackend(REDIS_URL, prefix, log),
      createRedisBackend(REDIS_URL, prefix, log),
    ]);
    const conferenceId = 424_242;
    const increment = (backend: typeof a) =>
      backend.store.update(conferenceId, (current: ConferenceRecord | null) => {
        const record =
          current ??
          newConference({ conferenceId, therapeutUserId: 1, termintyp: 'GRUPPE', everyoneView: false, locked: false });
        return { next: { ...record, seq: record.seq + 1 }, result: record.seq + 1 };
      });
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => increment(i % 2 === 0 ? a : b)));
    expect([...results].sort((x, y) => x - y)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    await a.store.update(conferenceId, () => ({ next: null, result: null }));
    await Promise.all([a.close(), b.close()]);
  });
});
