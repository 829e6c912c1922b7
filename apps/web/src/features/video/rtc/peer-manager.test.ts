import type { ClientCommand } from '@dihs/contract/video';
import { describe, expect, it } from 'vitest';
import { PeerManager, type PairRole } from './peer-manager.ts';

class FakePc {
  static all: FakePc[] = [];
  closed = false;
  remote: RTCSessionDescriptionInit | null = null;
  candidates: RTCIceCandidateInit[] = [];
  tracks = 0;
  iceConnectionState = 'new';
  onicecandidate: ((event: { candidate: unknown }) => void) | null = null;
  ontrack: ((event: unknown) => void) | null = null;
  oniceconnectionstatechange: (() => void) | null = null;
  constructor() {
    FakePc.all.push(this);
  }
  addTrack() {
    this.tracks++;
  }
  createOffer = async () => ({ type: 'offer', sdp: 'o' });
  createAnswer = async () => ({ type: 'answer', sdp: 'a' });
  setLocalDescription = async () => undefined;
  setRemoteDescription = async (description: RTCSessionDescriptionInit) => {
    this.remote = description;
  };
  addIceCandidate = async (candidate: RTCIceCandidateInit) => {
    this.candidates.push(candidate);
  };
  close() {
    this.closed = true;
  }
}

function setup(selfId = 1) {
  FakePc.all = [];
  const sent: ClientCommand[] = [];
  const streams: { peerId: number; role: PairRole; live: boolean }[] = [];
  const track = {};
  const manager = new PeerManager({
    selfId,
    conferenceId: 9,
    iceServers: [],
    localStream: { getTracks: () => [track, track] } as unknown as MediaStream,
    send: (command) => sent.push(command),
    onRemoteStream: (peerId, role, stream) => streams.push({ peerId, role, live: stream !== null }),
    createPeerConnection: () => new FakePc() as unknown as RTCPeerConnection,
  });
  return { manager, sent, streams };
}

const candidate = { candidate: 'candidate:1 1 udp 1 1.2.3.4 5 typ host', sdpMid: '0', sdpMLineIndex: 0 };

describe('PeerManager negotiation', () => {
  it('offers on publishSdpRequest and applies the answer', async () => {
    const { manager, sent } = setup();
    await manager.handle({ type: 'publishSdpRequest', peerId: 2 });
    expect(sent).toEqual([
      { command: 'publishSdpResponse', conferenceId: 9, peerId: 2, description: { type: 'offer', sdp: 'o' } },
    ]);
    expect(FakePc.all[0]!.tracks).toBe(2);
    await manager.handle({ type: 'subscribeSdpResponse', peerId: 2, description: { type: 'answer', sdp: 'a' } });
    expect(manager.info()).toEqual([{ peerId: 2, role: 'offerer', remoteSet: true, pendingCandidates: 0 }]);
  });

  it('answers a subscribeSdpRequest and queues early candidates until the remote description', async () => {
    const { manager, sent } = setup();
    await manager.handle({ type: 'publishSdpRequest', peerId: 2 });
    await manager.handle({ type: 'iceCandidate', peerId: 2, role: 'answerer', candidate });
    expect(manager.info()[0]!.pendingCandidates).toBe(1);
    await manager.handle({ type: 'subscribeSdpResponse', peerId: 2, description: { type: 'answer', sdp: 'a' } });
    expect(FakePc.all[0]!.candidates).toEqual([candidate]);
    await manager.handle({ type: 'subscribeSdpRequest', peerId: 3, description: { type: 'offer', sdp: 'o' } });
    expect(sent.at(-1)).toEqual({
      command: 'subscribeSdpResponse',
      conferenceId: 9,
      peerId: 3,
      description: { type: 'answer', sdp: 'a' },
    });
  });

  it('a subscribeSdpRequest replaces an existing connection with that peer', async () => {
    const { manager, streams } = setup();
    await manager.handle({ type: 'publishSdpRequest', peerId: 2 });
    await manager.handle({ type: 'subscribeSdpRequest', peerId: 2, description: { type: 'offer', sdp: 'o' } });
    expect(FakePc.all[0]!.closed).toBe(true);
    expect(manager.info().map((p) => [p.peerId, p.role])).toEqual([[2, 'answerer']]);
    expect(streams).toEqual([{ peerId: 2, role: 'offerer', live: false }]);
  });

  it('sends own candidates with its role and drops those of a replaced connection', async () => {
    const { manager, sent } = setup();
    await manager.handle({ type: 'publishSdpRequest', peerId: 2 });
    const old = FakePc.all[0]!;
    old.onicecandidate?.({ candidate: { candidate: 'c', toJSON: () => ({ candidate: 'c' }) } });
    expect(sent.at(-1)).toMatchObject({ command: 'iceCandidate', peerId: 2, role: 'offerer' });
    await manager.handle({ type: 'subscribeSdpRequest', peerId: 2, description: { type: 'offer', sdp: 'o' } });
    const count = sent.length;
    old.onicecandidate?.({ candidate: { candidate: 'c', toJSON: () => ({ candidate: 'c' }) } });
    expect(sent).toHaveLength(count);
  });

  it('streamStatus removes peers that left', async () => {
    const { manager } = setup();
    await manager.handle({ type: 'publishSdpRequest', peerId: 2 });
    await manager.handle({ type: 'publishSdpRequest', peerId: 3 });
    manager.retain([1, 3]);
    expect(manager.info().map((p) => p.peerId)).toEqual([3]);
    expect(FakePc.all[0]!.closed).toBe(true);
  });

  it('loopback keeps both connections with the own id and routes candidates by role', async () => {
    const { manager } = setup(5);
    await manager.handle({ type: 'publishSdpRequest', peerId: 5 });
    await manager.handle({ type: 'subscribeSdpRequest', peerId: 5, description: { type: 'offer', sdp: 'o' } });
    expect(manager.info().map((p) => p.role)).toEqual(['offerer', 'answerer']);
    await manager.handle({ type: 'iceCandidate', peerId: 5, role: 'offerer', candidate });
    const [offerer, answerer] = FakePc.all;
    expect(answerer!.candidates).toEqual([candidate]);
    expect(offerer!.candidates).toEqual([]);
  });

  it('asks for a new negotiation when ICE fails', async () => {
    const { manager, sent } = setup();
    await manager.handle({ type: 'publishSdpRequest', peerId: 2 });
    const pc = FakePc.all[0]!;
    pc.iceConnectionState = 'failed';
    pc.oniceconnectionstatechange?.();
    expect(sent.at(-1)).toEqual({ command: 'subscribeStream', conferenceId: 9, peerId: 2 });
  });
});
