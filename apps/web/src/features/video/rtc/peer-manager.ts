import type { ClientCommand, ConferenceId, ServerMessage } from '@dihs/contract/video';

export type PairRole = 'offerer' | 'answerer';

export interface PeerManagerOptions {
  selfId: number;
  conferenceId: ConferenceId;
  iceServers: RTCIceServer[];
  /** The own camera and microphone (both connections of the loopback test send it). */
  localStream: MediaStream;
  send: (command: ClientCommand) => void;
  /** A peer's media arrived (stream) or its connection is gone (null). */
  onRemoteStream: (peerId: number, role: PairRole, stream: MediaStream | null) => void;
  createPeerConnection?: (config: RTCConfiguration) => RTCPeerConnection;
}

interface Peer {
  peerId: number;
  role: PairRole;
  pc: RTCPeerConnection;
  /** Candidates that arrived before the remote description. */
  pendingCandidates: RTCIceCandidateInit[];
  remoteSet: boolean;
  stream: MediaStream | null;
}

export interface PeerInfo {
  peerId: number;
  role: PairRole;
  remoteSet: boolean;
  pendingCandidates: number;
}

type NegotiationMessage = Extract<
  ServerMessage,
  { type: 'publishSdpRequest' | 'subscribeSdpRequest' | 'subscribeSdpResponse' | 'iceCandidate' }
>;

const key = (peerId: number, role: PairRole) => `${peerId}:${role}`;
const opposite = (role: PairRole): PairRole => (role === 'offerer' ? 'answerer' : 'offerer');

const toCandidate = (json: RTCIceCandidateInit) => ({
  candidate: json.candidate ?? '',
  sdpMid: json.sdpMid ?? null,
  sdpMLineIndex: json.sdpMLineIndex ?? null,
  usernameFragment: json.usernameFragment ?? null,
});

export const isNegotiation = (message: ServerMessage): message is NegotiationMessage =>
  message.type === 'publishSdpRequest' ||
  message.type === 'subscribeSdpRequest' ||
  message.type === 'subscribeSdpResponse' ||
  message.type === 'iceCandidate';

/**
 * One RTCPeerConnection per visible peer, negotiated as packages/contract/src/video.ts describes: the server tells
 * the pair's offerer to offer (publishSdpRequest), offer and answer are relayed, ICE trickles both ways. Peers are
 * keyed by id and role so that the loopback test (peerId = own id) holds its two connections in one manager.
 */
export class PeerManager {
  private readonly peers = new Map<string, Peer>();
  private closed = false;

  constructor(private readonly options: PeerManagerOptions) {}

  info(): PeerInfo[] {
    return [...this.peers.values()].map((peer) => ({
      peerId: peer.peerId,
      role: peer.role,
      remoteSet: peer.remoteSet,
      pendingCandidates: peer.pendingCandidates.length,
    }));
  }

  connection(peerId: number, role: PairRole): RTCPeerConnection | undefined {
    return this.peers.get(key(peerId, role))?.pc;
  }

  async handle(message: NegotiationMessage): Promise<void> {
    if (this.closed) return;
    switch (message.type) {
      case 'publishSdpRequest': {
        const peer = this.replace(message.peerId, 'offerer');
        const offer = await peer.pc.createOffer();
        await peer.pc.setLocalDescription(offer);
        this.sendIfCurrent(peer, {
          command: 'publishSdpResponse',
          conferenceId: this.options.conferenceId,
          peerId: peer.peerId,
          description: { type: 'offer', sdp: offer.sdp ?? '' },
        });
        return;
      }
      case 'subscribeSdpRequest': {
        const peer = this.replace(message.peerId, 'answerer');
        await this.setRemote(peer, message.description);
        const answer = await peer.pc.createAnswer();
        await peer.pc.setLocalDescription(answer);
        this.sendIfCurrent(peer, {
          command: 'subscribeSdpResponse',
          conferenceId: this.options.conferenceId,
          peerId: peer.peerId,
          description: { type: 'answer', sdp: answer.sdp ?? '' },
        });
        return;
      }
      case 'subscribeSdpResponse': {
        const peer = this.peers.get(key(message.peerId, 'offerer'));
        if (peer && !peer.remoteSet) await this.setRemote(peer, message.description);
        return;
      }
      case 'iceCandidate': {
        // the sender's role: the candidate belongs to our connection of the other role
        const peer = this.peers.get(key(message.peerId, opposite(message.role)));
        if (!peer) return;
        if (peer.remoteSet) await peer.pc.addIceCandidate(message.candidate).catch(() => undefined);
        else peer.pendingCandidates.push(message.candidate);
        return;
      }
    }
  }

  /** Keeps only the peers still in the conference (streamStatus); the own id stays for the loopback. */
  retain(memberIds: readonly number[]): void {
    const keep = new Set([...memberIds, this.options.selfId]);
    for (const peer of [...this.peers.values()]) if (!keep.has(peer.peerId)) this.remove(peer);
  }

  close(): void {
    this.closed = true;
    for (const peer of [...this.peers.values()]) this.remove(peer);
  }

  /** A new connection with this peer replaces the earlier one (the peer reconnected or renegotiates). */
  private replace(peerId: number, role: PairRole): Peer {
    for (const peer of [...this.peers.values()]) {
      // the loopback's two connections share the own id: only the same role is replaced there
      if (peer.peerId === peerId && (peerId !== this.options.selfId || peer.role === role)) this.remove(peer);
    }
    const create = this.options.createPeerConnection ?? ((config) => new RTCPeerConnection(config));
    const pc = create({ iceServers: this.options.iceServers });
    const peer: Peer = { peerId, role, pc, pendingCandidates: [], remoteSet: false, stream: null };
    this.peers.set(key(peerId, role), peer);
    for (const track of this.options.localStream.getTracks()) pc.addTrack(track, this.options.localStream);
    pc.onicecandidate = (event) => {
      if (!event.candidate || !event.candidate.candidate) return;
      this.sendIfCurrent(peer, {
        command: 'iceCandidate',
        conferenceId: this.options.conferenceId,
        peerId,
        role,
        candidate: toCandidate(event.candidate.toJSON()),
      });
    };
    pc.ontrack = (event) => {
      if (this.peers.get(key(peerId, role)) !== peer) return;
      const stream = event.streams[0] ?? peer.stream ?? new MediaStream();
      if (!event.streams[0]) stream.addTrack(event.track);
      peer.stream = stream;
      this.options.onRemoteStream(peerId, role, stream);
    };
    pc.oniceconnectionstatechange = () => {
      // a failed path is negotiated again from the start; the offerer asks, so one request per pair
      if (pc.iceConnectionState === 'failed' && role === 'offerer' && this.peers.get(key(peerId, role)) === peer) {
        this.options.send({ command: 'subscribeStream', conferenceId: this.options.conferenceId, peerId });
      }
    };
    return peer;
  }

  private async setRemote(peer: Peer, description: RTCSessionDescriptionInit): Promise<void> {
    await peer.pc.setRemoteDescription(description);
    peer.remoteSet = true;
    const pending = peer.pendingCandidates.splice(0);
    for (const candidate of pending) await peer.pc.addIceCandidate(candidate).catch(() => undefined);
  }

  private sendIfCurrent(peer: Peer, command: ClientCommand): void {
    if (!this.closed && this.peers.get(key(peer.peerId, peer.role)) === peer) this.options.send(command);
  }

  private remove(peer: Peer): void {
    if (this.peers.get(key(peer.peerId, peer.role)) !== peer) return;
    this.peers.delete(key(peer.peerId, peer.role));
    peer.pc.onicecandidate = null;
    peer.pc.ontrack = null;
    peer.pc.oniceconnectionstatechange = null;
    peer.pc.close();
    this.options.onRemoteStream(peer.peerId, peer.role, null);
  }
}
