import {
  serverMessageSchema,
  VIDEO_MESSAGES,
  type ClientCommand,
  type ConferenceId,
  type ConferenceState,
  type ServerMessage,
} from '@dihs/contract/video';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSession } from '../../../lib/session-context.ts';
import { getIceServers } from '../api/video-api.ts';
import { e2eeSupported } from '../e2ee/index.ts';
import { isNegotiation, PeerManager, type PairRole } from '../rtc/peer-manager.ts';
import { isSfuMessage, SfuSession } from '../rtc/sfu-session.ts';
import { SignalingClient, type SignalingStatus } from '../signaling/signaling-client.ts';
import { signalingUrl, stompTransport } from '../signaling/stomp-transport.ts';
import { setTracksEnabled, stopMedia } from './local-media.ts';

export interface RemoteStream {
  peerId: number;
  role: PairRole;
  stream: MediaStream;
}

/** A message for the viewer: an end (the session is over for them) or a refusal of the join. */
export interface SessionNotice {
  title: string;
  text: string;
}

export interface Conference {
  status: SignalingStatus;
  selfId: number | null;
  state: ConferenceState | null;
  remotes: RemoteStream[];
  audioMuted: boolean;
  videoMuted: boolean;
  /** The therapist muted this viewer's microphone. */
  forcedMuted: boolean;
  /** The session is over or was refused: the page shows this and offers the way back. */
  end: SessionNotice | null;
  /** A server error message while joined (its own headline and description). */
  notice: SessionNotice | null;
  peers: PeerManager | null;
  send: (command: ClientCommand) => void;
  toggleAudio: () => void;
  toggleVideo: () => void;
  reconnect: () => void;
  dismissNotice: () => void;
  /** Leaves on purpose (disconnect); the page shows its leaving text. */
  leave: () => void;
}

const REFUSALS: Partial<Record<ServerMessage['type'], SessionNotice>> = {
  kicked: { title: VIDEO_MESSAGES.herausgeworfen, text: '' },
  kickedFromConference: { title: VIDEO_MESSAGES.herausgeworfen, text: '' },
  conferenceNotNow: { title: VIDEO_MESSAGES.nichtJetzt, text: '' },
  conferenceIdMissing: { title: VIDEO_MESSAGES.unbekannt, text: '' },
  conferenceNotBooked: { title: VIDEO_MESSAGES.nichtGebucht, text: '' },
  conferenceNotYours: { title: VIDEO_MESSAGES.nichtIhre, text: '' },
  conferenceClosed: { title: VIDEO_MESSAGES.beendet, text: '' },
};

function parseMessage(body: string): ServerMessage | null {
  try {
    const result = serverMessageSchema.safeParse(JSON.parse(body));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/**
 * One conference over the real signaling: joins once `enabled` (with the own camera ready), negotiates a
 * connection per visible peer, tracks the conference state and the viewer's own microphone and camera.
 */
export function useConference(
  conferenceId: ConferenceId,
  localStream: MediaStream | null,
  enabled: boolean,
): Conference {
  const { session, token, holdSession } = useSession();
  const [status, setStatus] = useState<SignalingStatus>({ kind: 'closed' });
  const [selfId, setSelfId] = useState<number | null>(null);
  const [state, setState] = useState<ConferenceState | null>(null);
  const [remotes, setRemotes] = useState<RemoteStream[]>([]);
  const [audioMuted, setAudioMuted] = useState(false);
  const [videoMuted, setVideoMuted] = useState(false);
  const [forcedMuted, setForcedMuted] = useState(false);
  const [end, setEnd] = useState<SessionNotice | null>(null);
  const [notice, setNotice] = useState<SessionNotice | null>(null);
  const [peers, setPeers] = useState<PeerManager | null>(null);
  const clientRef = useRef<SignalingClient | null>(null);
  const sfuRef = useRef<SfuSession | null>(null);
  /** The viewer's own choice; the microphone is on only when neither the viewer nor the therapist muted it. */
  const mutedRef = useRef({ audioMuted: false, videoMuted: false });
  const forcedRef = useRef(false);
  const userId = session?.userId;

  // A session in progress asks the server nothing for an hour: the page must not lock as idle meanwhile (the server
  // counts the conference's socket as activity, issue 31 item 6).
  useEffect(() => (enabled ? holdSession() : undefined), [enabled, holdSession]);

  useEffect(() => {
    if (!enabled || !localStream || !token || userId === undefined) return;
    let active = true;
    let manager: PeerManager | null = null;
    /** sfu mode: the media through Janus instead of the manager's pairs. */
    let sfu: SfuSession | null = null;
    /** The own id, from joinedSession. */
    let ownId: number | null = null;
    // negotiation steps of all peers run one after the other, so a candidate never overtakes its description
    let chain: Promise<void> = Promise.resolve();
    const iceServers = getIceServers();

    const sendMute = () => client.send({ command: 'mute', conferenceId, ...mutedRef.current });
    /** The therapist muted (or allowed again) the microphone: the own choice returns when allowed. */
    const setForced = (forced: boolean) => {
      forcedRef.current = forced;
      setForcedMuted(forced);
      const audioOff = forced || mutedRef.current.audioMuted;
      setAudioMuted(audioOff);
      setTracksEnabled(localStream, 'audio', !audioOff);
    };
    const onMessage = (message: ServerMessage) => {
      if (!active) return;
      if (isNegotiation(message)) {
        chain = chain.then(() => manager?.handle(message)).catch(() => undefined);
        return;
      }
      if (isSfuMessage(message)) {
        sfu?.handle(message).catch(() => undefined);
        return;
      }
      const refusal = REFUSALS[message.type];
      if (refusal) {
        finish(refusal);
        return;
      }
      switch (message.type) {
        case 'joinedSession': {
          ownId = message.selfId;
          setSelfId(message.selfId);
          setState(message.state);
          // a patient the therapist had muted comes back muted (the server keeps it across a reconnect)
          setForced(message.state.members.some((m) => m.userId === message.selfId && m.mutedByTherapist));
          if (message.state.mode === 'sfu') startSfu(message.selfId, message.state.members);
          else startMesh(message.selfId);
          return;
        }
        case 'streamStatus':
          setState(message.state);
          // a member whose browser cannot encrypt joined: the session left Janus and runs peer-to-peer from now on
          if (message.state.mode === 'p2p' && sfu && ownId !== null) startMesh(ownId);
          manager?.retain(message.state.members.map((member) => member.userId));
          sfu?.membersChanged(message.state.members.map((member) => member.userId)).catch(() => undefined);
          return;
        case 'therapeutJoined':
          setState((current) => current && { ...current, therapeutPresent: true });
          return;
        case 'muteStatus':
          setForced(message.muted);
          return;
        case 'userMuteStatus':
          setState(
            (current) =>
              current && {
                ...current,
                members: current.members.map((member) =>
                  member.userId === message.userId
                    ? { ...member, audioMuted: message.audioMuted, videoMuted: message.videoMuted }
                    : member,
                ),
              },
          );
          return;
        case 'userMeldungStatus':
          setState((current) => current && { ...current, meldungen: message.meldungen });
          return;
        case 'endYourSignal':
          setState(
            (current) => current && { ...current, meldungen: current.meldungen.filter((m) => m.userId !== userId) },
          );
          return;
        case 'conferenceLocked':
        case 'conferenceUnlocked':
          setState((current) => current && { ...current, locked: message.type === 'conferenceLocked' });
          return;
        case 'error':
          // before joining, an error is the join's refusal (e.g. a browser that cannot encrypt, refused by a session
          // through the SFU): the session is over for this viewer
          if (client.isJoined) setNotice({ title: message.headline, text: message.description });
          else finish({ title: message.headline, text: message.description });
          return;
        default:
          return;
      }
    };

    /** The session is over for this viewer: the camera light goes off at once. */
    const finish = (notice: SessionNotice) => {
      setEnd(notice);
      client.stop();
      manager?.close();
      sfu?.close();
      stopMedia(localStream);
    };
    /**
     * Peer-to-peer: a connection per visible pair, negotiated as the server asks (publishStream starts it). A session
     * that went through Janus so far leaves it (the server destroys the room).
     */
    const startMesh = (self: number) => {
      if (sfu) {
        sfu.close();
        sfu = sfuRef.current = null;
        setRemotes([]);
      }
      chain = chain.then(async () => {
        const servers = await iceServers;
        if (!active) return;
        manager?.close();
        manager = new PeerManager({
          selfId: self,
          conferenceId,
          iceServers: servers,
          localStream,
          send: (command) => client.send(command),
          onRemoteStream: (peerId, role, stream) => {
            if (!active) return;
            setRemotes((current) => [
              ...current.filter((r) => r.peerId !== peerId || r.role !== role),
              ...(stream ? [{ peerId, role, stream }] : []),
            ]);
          },
        });
        setPeers(manager);
        sendMute();
        client.send({ command: 'publishStream', conferenceId });
      });
    };
    /**
     * Through the SFU media is end-to-end encrypted or not sent at all. The server was told whether this browser can
     * encrypt and refuses it or runs the session peer-to-peer (SFU_OHNE_VERSCHLUESSELUNG); should sfu mode reach a
     * browser without encoded transforms anyway, it leaves (docs/decisions.md), never connected in the clear.
     */
    const startSfu = (selfId: number, members: ConferenceState['members']) => {
      const failed = { title: VIDEO_MESSAGES.verschluesselung, text: VIDEO_MESSAGES.verschluesselungText };
      if (!e2eeSupported()) {
        client.leave();
        finish(failed);
        return;
      }
      sfu?.close();
      sfu = sfuRef.current = new SfuSession({
        selfId,
        conferenceId,
        localStream,
        iceServers,
        send: (command) => client.send(command),
        onRemoteStream: (peerId, stream) => {
          if (!active) return;
          setRemotes((current) => [
            ...current.filter((r) => r.peerId !== peerId),
            ...(stream ? [{ peerId, role: 'answerer' as const, stream }] : []),
          ]);
        },
        onFailure: () => {
          if (active) setNotice({ title: VIDEO_MESSAGES.uebertragung, text: VIDEO_MESSAGES.uebertragungText });
        },
      });
      sendMute();
      sfu.membersChanged(members.map((member) => member.userId)).catch(() => undefined);
    };

    const client = new SignalingClient({
      conferenceId,
      e2ee: e2eeSupported(),
      createTransport: stompTransport({ url: signalingUrl(), token, userId }),
      parse: parseMessage,
      onMessage,
      onStatus: (next) => {
        if (active) setStatus(next);
      },
    });
    clientRef.current = client;
    client.start();
    return () => {
      active = false;
      client.stop();
      manager?.close();
      sfu?.close();
      clientRef.current = null;
      setPeers(null);
      setRemotes([]);
    };
  }, [enabled, localStream, token, userId, conferenceId]);

  const send = useCallback((command: ClientCommand) => clientRef.current?.send(command), []);

  const applyMute = useCallback(
    (next: { audioMuted: boolean; videoMuted: boolean }) => {
      mutedRef.current = next;
      const audioOff = next.audioMuted || forcedRef.current;
      setAudioMuted(audioOff);
      setVideoMuted(next.videoMuted);
      setTracksEnabled(localStream, 'audio', !audioOff);
      setTracksEnabled(localStream, 'video', !next.videoMuted);
      clientRef.current?.send({ command: 'mute', conferenceId, ...next });
    },
    [localStream, conferenceId],
  );

  const toggleAudio = useCallback(() => {
    // a microphone the therapist muted stays off until the therapist allows it again
    if (forcedRef.current) return;
    applyMute({ ...mutedRef.current, audioMuted: !mutedRef.current.audioMuted });
  }, [applyMute]);

  const toggleVideo = useCallback(
    () => applyMute({ ...mutedRef.current, videoMuted: !mutedRef.current.videoMuted }),
    [applyMute],
  );

  const leave = useCallback(() => {
    clientRef.current?.leave();
    peers?.close();
    sfuRef.current?.close();
    stopMedia(localStream);
  }, [peers, localStream]);

  return {
    status,
    selfId,
    state,
    remotes,
    audioMuted,
    videoMuted,
    forcedMuted,
    end,
    notice,
    peers,
    send,
    toggleAudio,
    toggleVideo,
    reconnect: useCallback(() => clientRef.current?.reconnect(), []),
    dismissNotice: useCallback(() => setNotice(null), []),
    leave,
  };
}
