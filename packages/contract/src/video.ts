import { z } from 'zod';
import { idParam } from './common/rules.ts';
import { endpoint, LOGIN } from './common/endpoint.ts';
import { TERMINTYPEN } from './termin.ts';

/**
 * Video sessions (spec 3 "Video sessions", sections 4, 7, 8, 9): the signaling messages over STOMP 1.2.
 *
 * Transport: a WebSocket at STOMP_PATH. CONNECT and every SEND carry the header `Authorization: Bearer {token}`.
 * A client SUBSCRIBEs only to its own PRIVATE_TOPIC(userId) and SENDs commands (JSON bodies, clientCommandSchema) to
 * SEND_DESTINATION. The server answers with MESSAGE frames on the private topic (JSON bodies,
 * serverMessageSchema). Protocol faults (not STOMP, missing or expired bearer, foreign topic, frame too large,
 * unknown destination) get a STOMP ERROR frame; business refusals get a message of type `error` or one of the
 * refusal types (conferenceNotNow, ...).
 *
 * Media is WebRTC peer to peer (no server sees it). One RTCPeerConnection per pair of members that may see each
 * other (one-on-one; star around the therapist; full mesh when everyoneView is set). The server drives each pair's
 * negotiation; the member who joined later is the pair's offerer:
 *   1. publishStream (client): my camera and microphone are ready.
 *   2. publishSdpRequest {peerId} (server → offerer): create an offer for that peer.
 *   3. publishSdpResponse {peerId, description: offer} (offerer) → relayed as subscribeSdpRequest {peerId, offer}.
 *   4. subscribeSdpResponse {peerId, description: answer} (answerer) → relayed as subscribeSdpResponse {peerId, answer}.
 *   5. iceCandidate both ways (trickle ICE), relayed as iceCandidate with the sender's id.
 * A subscribeSdpRequest from a peer replaces any earlier connection with that peer (it reconnected). subscribeStream
 * {peerId} asks the server to start the pair's negotiation again (after an ICE failure).
 *
 * Loopback (the connection test /verbindungstest): conferenceId LOOPBACK_CONFERENCE; the server relays every
 * negotiation message back to the sender (peerId = own user id); `role` of iceCandidate tells which of the
 * browser's two connections a candidate belongs to.
 */

export const STOMP_PATH = '/ws';
export const SEND_DESTINATION = '/app/sendOnly';
export const PRIVATE_TOPIC = (userId: number) => `/topic/private/${userId}`;
export const LOOPBACK_CONFERENCE = 'loopback' as const;

/** Spec 3 section 9 (session timing) and the limits we chose. */
export const VIDEO_TIMING = {
  pingMs: 120_000,
  reconnectDelayMs: 5000,
  heartbeatMs: 4000,
  maxReconnects: 5,
  reconnectButtonMs: 10_000,
  /** Up to 8 other participants are shown; the own picture takes grid position 7. */
  maxOthersShown: 8,
  ownGridPosition: 7,
  /** Decided: a STOMP frame (an SDP with all codecs is about 6-12 KiB) may be at most 64 KiB. */
  maxFrameBytes: 65_536,
  /** Decided: session metadata (who joined when) is kept 90 days (KBV Anlage 31b). */
  metadataRetentionDays: 90,
} as const;

/** View modes of the therapist (spec 3 "Video sessions"). */
export const VIEW_MODES = { grid: 18, highlighted: 117, oneOnOne: 11 } as const;
export type ViewMode = (typeof VIEW_MODES)[keyof typeof VIEW_MODES];

/** Texts of spec 3 section 8, plus the ones the spec leaves open (marked decided). */
export const VIDEO_MESSAGES = {
  unberechtigt: 'Unberechtigter Zugriff!',
  nichtIhre: 'Diese Sitzung wird nicht von Ihnen durchgeführt.',
  gesperrt: 'Sitzung gesperrt',
  nichtJetzt: 'Sitzung derzeit nicht Verfügbar',
  unbekannt: 'Sitzung nicht Verfügbar',
  beendet: 'Sitzung beendet',
  /** Decided: conferenceNotBooked has no text in the spec. */
  nichtGebucht: 'Sie sind für diesen Termin nicht gebucht.',
  /** Decided: a kicked patient's text. */
  herausgeworfen: 'Sie wurden vom Therapeuten aus der Sitzung entfernt.',
  kamera: 'Fehler beim Zugriff auf die Kamera',
  kameraText:
    'Bitte schließen Sie andere Programme, die Kamera oder Mikrofon verwenden, und starten Sie den Browser neu.',
  uebertragung: 'Übertragungsfehler',
  uebertragungText: 'Bitte wenden Sie sich an den Betreiber.',
  terminBeendet: 'Termin beendet',
  testBeendet: 'Verbindungstest beendet',
  verbindungErfolgreich: 'Verbindung erfolgreich',
  /** Decided: the failed connection test. */
  verbindungFehlgeschlagen: 'Verbindung fehlgeschlagen',
  /** Decided: the waiting room's first line (the therapist's name and the notice follow, see warteraumText). */
  warteraum: 'Sie sind im Warteraum.',
  zuVieleNachrichten: 'Zu viele Nachrichten. Bitte warten Sie einen Moment.',
  ungueltigeNachricht: 'Ungültige Nachricht.',
  nurTherapeut: 'Nur der Therapeut kann diese Aktion ausführen.',
  /** Decided: a command for a conference the sender has not joined. */
  nichtBeigetreten: 'Sie sind dieser Sitzung nicht beigetreten.',
  telefontermin: 'Telefontermine finden nicht als Videositzung statt.',
  /** Decided: a group session through the SFU in a browser that cannot encrypt the media end to end. */
  verschluesselung: 'Verschlüsselte Übertragung nicht möglich',
  verschluesselungText:
    'Diese Gruppensitzung überträgt Bild und Ton nur Ende-zu-Ende-verschlüsselt, was Ihr Browser nicht unterstützt. Bitte verwenden Sie einen aktuellen Chrome, Edge, Firefox oder Safari.',
  /** Decided: the notice of a group session that runs peer-to-peer because a browser cannot encrypt (e2eeFallback). */
  direktverbindung:
    'Diese Sitzung läuft direkt zwischen den Teilnehmenden (Peer-to-Peer), weil der Browser einer teilnehmenden Person die Ende-zu-Ende-Verschlüsselung über den Medienserver nicht unterstützt.',
} as const;

/**
 * Decided: the waiting room names the session's therapist and says that they were told (the server sends them
 * patientImWarteraum); neutral wording, no gendered "der Therapeut".
 */
export const warteraumText = (therapeut: string): string =>
  `${therapeut} wurde benachrichtigt, dass Sie im Warteraum sind. Die Sitzung beginnt, sobald ${therapeut} beitritt.`;

const MAX_ID = 2_147_483_647;
const userIdRule = z.number().int().positive().max(MAX_ID);
export const conferenceIdSchema = z.union([z.number().int().positive().max(MAX_ID), z.literal(LOOPBACK_CONFERENCE)]);
export type ConferenceId = z.infer<typeof conferenceIdSchema>;

/** An RTCSessionDescriptionInit. */
export const sdpSchema = z.object({
  type: z.enum(['offer', 'answer']),
  sdp: z.string().max(60_000),
});
/** An RTCIceCandidateInit (an empty candidate string ends the gathering). */
export const iceCandidateSchema = z.object({
  candidate: z.string().max(1000),
  sdpMid: z.string().max(100).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(1000).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});
const PAIR_ROLES = ['offerer', 'answerer'] as const;

/**
 * End-to-end encrypted media through the SFU (issue 17): the browsers agree on keys among themselves and use our
 * signaling only as a relay. `publicKey`: the sender's ECDH P-256 public key (raw, 65 bytes). `senderKey`: the
 * sender's AES-GCM frame key, wrapped with the pair's ECDH-derived key, so neither the server nor the SFU can read it.
 * The payload is base64; the server relays it between members who may see each other and never logs it.
 */
export const E2EE_KEY_KINDS = ['publicKey', 'senderKey'] as const;
/** Decided: a raw public key is 88 base64 characters, a wrapped sender key 84; 256 leaves room and bounds the relay. */
export const E2EE_PAYLOAD_MAX = 256;
const e2eePayloadSchema = z
  .string()
  .min(4)
  .max(E2EE_PAYLOAD_MAX)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/);
/** Recipient of a key message: 0 = every member the sender may see. */
const e2eePeerRule = z.number().int().min(0).max(MAX_ID);

const conf = { conferenceId: conferenceIdSchema };
/** Commands a client SENDs to SEND_DESTINATION (spec 3 section 7 names; iceCandidate and highlight added). */
export const clientCommandSchema = z.discriminatedUnion('command', [
  /**
   * e2ee: whether this browser can encrypt media end to end (encoded transforms). It matters only for a session
   * through the SFU: the server then refuses the member or runs the session peer-to-peer for everyone
   * (SFU_OHNE_VERSCHLUESSELUNG). Absent: the client makes no claim and is taken as able; the browser still never
   * sends media to the SFU that it cannot encrypt (it leaves instead).
   */
  z.object({ command: z.literal('joinConference'), ...conf, e2ee: z.boolean().optional() }),
  z.object({ command: z.literal('ping'), conferenceId: conferenceIdSchema.optional() }),
  z.object({ command: z.literal('publishStream'), ...conf }),
  z.object({ command: z.literal('publishSdpResponse'), ...conf, peerId: userIdRule, description: sdpSchema }),
  z.object({ command: z.literal('subscribeStream'), ...conf, peerId: userIdRule }),
  z.object({ command: z.literal('subscribeSdpResponse'), ...conf, peerId: userIdRule, description: sdpSchema }),
  z.object({
    command: z.literal('iceCandidate'),
    ...conf,
    peerId: userIdRule,
    role: z.enum(PAIR_ROLES),
    candidate: iceCandidateSchema,
  }),
  z.object({ command: z.literal('disconnect'), ...conf }),
  /** Own microphone and camera state. */
  z.object({ command: z.literal('mute'), ...conf, audioMuted: z.boolean(), videoMuted: z.boolean() }),
  /** Therapist: mute (or allow again) a participant's microphone. */
  z.object({ command: z.literal('userMuted'), ...conf, userId: userIdRule, muted: z.boolean() }),
  /** Therapist: highlight a participant (the others are muted) or end the highlight (null). */
  z.object({ command: z.literal('highlight'), ...conf, userId: userIdRule.nullable() }),
  z.object({ command: z.literal('meldung'), ...conf }),
  /** A patient lowers the own report; the therapist ends a patient's report (userId). */
  z.object({ command: z.literal('endMeldung'), ...conf, userId: userIdRule.optional() }),
  z.object({ command: z.literal('lockConference'), ...conf }),
  z.object({ command: z.literal('unlockConference'), ...conf }),
  z.object({ command: z.literal('endConference'), ...conf }),
  /** memberName is the member's user id as text (the spec's field name kept). */
  z.object({ command: z.literal('kickMember'), ...conf, memberName: z.string().regex(/^\d{1,10}$/) }),
  /** The connection test's outcome (loopback only). */
  z.object({
    command: z.literal('testResult'),
    conferenceId: z.literal(LOOPBACK_CONFERENCE),
    result: z.boolean(),
    details: z.string().max(500).optional(),
  }),
  /** A key message of the end-to-end encryption, relayed to peerId (0: every member the sender may see). */
  z.object({
    command: z.literal('e2eeKey'),
    ...conf,
    peerId: e2eePeerRule,
    kind: z.enum(E2EE_KEY_KINDS),
    payload: e2eePayloadSchema,
  }),
]);
export type ClientCommand = z.infer<typeof clientCommandSchema>;
export type ClientCommandName = ClientCommand['command'];
/** Commands only the appointment's therapist may send. */
export const THERAPIST_COMMANDS = [
  'userMuted',
  'highlight',
  'lockConference',
  'unlockConference',
  'endConference',
  'kickMember',
] as const satisfies readonly ClientCommandName[];

export const memberSchema = z.object({
  userId: z.number().int(),
  role: z.enum(['THERAPEUT', 'PATIENT']),
  vorname: z.string(),
  nachname: z.string(),
  audioMuted: z.boolean(),
  videoMuted: z.boolean(),
  /** The therapist muted this member's microphone (it stays muted until allowed again). */
  mutedByTherapist: z.boolean(),
  /** Camera and microphone are ready (publishStream received). */
  publishing: z.boolean(),
  /** Order of joining in this conference (a rejoin gets a new, higher number). */
  joinSeq: z.number().int(),
});
export type Member = z.infer<typeof memberSchema>;

export const meldungSchema = z.object({ userId: z.number().int(), since: z.string() });
export type Meldung = z.infer<typeof meldungSchema>;

/**
 * How the media flows: p2p, one RTCPeerConnection per visible pair (as above); sfu, through a Janus VideoRoom (large
 * groups: more participants than the server's SFU_FROM_PARTICIPANTS). In sfu mode the browser gets `sfuJoin` after
 * joinedSession, publishes its camera to Janus and subscribes to the feeds of the members it may see (feed id =
 * user id), every frame end-to-end encrypted; the negotiation messages above are not used. mute, userMuted,
 * highlight, kick, lock and end stay on this channel; the server mirrors them in Janus. An sfu session turns p2p for
 * good (streamStatus with mode p2p and e2eeFallback) when a member whose browser cannot encrypt joins and the server
 * runs with SFU_OHNE_VERSCHLUESSELUNG=peer-to-peer: every member leaves Janus and publishes again, to the pairs.
 */
export const MEDIA_MODES = ['p2p', 'sfu'] as const;
export type MediaMode = (typeof MEDIA_MODES)[number];

/** The conference as one member may see it: members lists only those the receiver may see (and itself). */
export const conferenceStateSchema = z.object({
  conferenceId: conferenceIdSchema,
  termintyp: z.enum(TERMINTYPEN).nullable(),
  mode: z.enum(MEDIA_MODES),
  /**
   * The session would go through the SFU but runs peer-to-peer (mode p2p) because a member's browser cannot encrypt
   * end to end (SFU_OHNE_VERSCHLUESSELUNG=peer-to-peer); the pages say so. It stays so until the session ends.
   */
  e2eeFallback: z.boolean(),
  everyoneView: z.boolean(),
  locked: z.boolean(),
  highlighted: z.number().int().nullable(),
  therapeutPresent: z.boolean(),
  members: z.array(memberSchema),
  /** Open reports in the order they were raised. */
  meldungen: z.array(meldungSchema),
});
export type ConferenceState = z.infer<typeof conferenceStateSchema>;

/** MESSAGE bodies the server sends to /topic/private/{userId} (spec 3 section 7 incoming names, plus relays). */
export const serverMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('joinedSession'), selfId: z.number().int(), state: conferenceStateSchema }),
  z.object({ type: z.literal('therapeutJoined') }),
  /**
   * To the session's therapist, on any page of the app that listens: a patient entered the waiting room (joined while
   * the therapist is not in the session). Only the name the therapist sees in the session anyway; nothing is stored.
   */
  z.object({
    type: z.literal('patientImWarteraum'),
    conferenceId: z.number().int(),
    vorname: z.string(),
    nachname: z.string(),
  }),
  z.object({ type: z.literal('streamStatus'), state: conferenceStateSchema }),
  z.object({ type: z.literal('publishSdpRequest'), peerId: z.number().int() }),
  z.object({ type: z.literal('subscribeSdpRequest'), peerId: z.number().int(), description: sdpSchema }),
  z.object({ type: z.literal('subscribeSdpResponse'), peerId: z.number().int(), description: sdpSchema }),
  z.object({
    type: z.literal('iceCandidate'),
    peerId: z.number().int(),
    role: z.enum(PAIR_ROLES),
    candidate: iceCandidateSchema,
  }),
  /**
   * sfu mode: how to reach the session's Janus room. token is this member's own token, for Janus itself (sent with
   * every request instead of an API secret) and for the room's join, valid until it leaves or is kicked or the
   * session ends; feedId the publisher id to join with (the own user id); display the name to publish under.
   */
  z.object({
    type: z.literal('sfuJoin'),
    url: z.string(),
    room: z.number().int(),
    token: z.string(),
    feedId: z.number().int(),
    display: z.string(),
  }),
  /** The therapist muted (true) or allowed again (false) your microphone. */
  z.object({ type: z.literal('muteStatus'), muted: z.boolean() }),
  z.object({
    type: z.literal('userMuteStatus'),
    userId: z.number().int(),
    audioMuted: z.boolean(),
    videoMuted: z.boolean(),
  }),
  z.object({ type: z.literal('userMeldungStatus'), meldungen: z.array(meldungSchema) }),
  /** The therapist ended your report. */
  z.object({ type: z.literal('endYourSignal') }),
  z.object({ type: z.literal('conferenceLocked') }),
  z.object({ type: z.literal('conferenceUnlocked') }),
  z.object({ type: z.literal('conferenceClosed') }),
  /** You were removed from the session just now. */
  z.object({ type: z.literal('kickedFromConference') }),
  /** Join refused: you were removed from this session earlier. */
  z.object({ type: z.literal('kicked') }),
  z.object({ type: z.literal('conferenceNotNow') }),
  z.object({ type: z.literal('conferenceIdMissing') }),
  z.object({ type: z.literal('conferenceNotBooked') }),
  z.object({ type: z.literal('conferenceNotYours') }),
  /** The server could not set the conference up (its state store failed); the client reconnects once. */
  z.object({ type: z.literal('ahoyConnectFailed') }),
  z.object({ type: z.literal('ahoyWebSocketClosed') }),
  z.object({ type: z.literal('error'), headline: z.string(), description: z.string() }),
  z.object({ type: z.literal('pingOK') }),
  /** A relayed key message of the end-to-end encryption; peerId is its sender. */
  z.object({
    type: z.literal('e2eeKey'),
    peerId: z.number().int(),
    kind: z.enum(E2EE_KEY_KINDS),
    payload: e2eePayloadSchema,
  }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
export type ServerMessageType = ServerMessage['type'];

/** GET /video/iceServers: STUN_URLS and, with TURN_URL, short-lived TURN credentials (coturn REST API scheme). */
export const iceServersResponseSchema = z.object({
  iceServers: z.array(
    z.object({
      urls: z.union([z.string(), z.array(z.string())]),
      username: z.string().optional(),
      credential: z.string().optional(),
    }),
  ),
  ttlSeconds: z.number().int(),
});
export type IceServersResponse = z.infer<typeof iceServersResponseSchema>;

export const conferenceIdParamSchema = z.object({
  conferenceId: idParam(VIDEO_MESSAGES.unbekannt),
});

/** GET /video/sitzung/{conferenceId}: what the session page shows before joining (same checks as joining). */
export const sitzungInfoSchema = z.object({
  conferenceId: z.number().int(),
  befund: z.string(),
  termintyp: z.enum(TERMINTYPEN),
  datum: z.string(),
  dauer: z.number().int(),
  everyoneView: z.boolean(),
  therapeut: z.object({ userId: z.number().int(), vorname: z.string(), nachname: z.string() }),
});
export type SitzungInfo = z.infer<typeof sitzungInfoSchema>;

/** Session metadata events (table sitzung_ereignis). */
export const SITZUNG_EREIGNISSE = ['BEIGETRETEN', 'VERLASSEN', 'HERAUSGEWORFEN', 'BEENDET'] as const;
export type SitzungEreignis = (typeof SITZUNG_EREIGNISSE)[number];

const tag = 'Videositzungen';

/** The HTTP side of the video sessions; the sessions themselves run over STOMP at STOMP_PATH. */
export const videoEndpoints = {
  iceServers: endpoint({
    method: 'GET',
    path: '/video/iceServers',
    summary: 'STUN- und TURN-Server mit kurzlebigen TURN-Zugangsdaten',
    tag,
    access: LOGIN,
    response: iceServersResponseSchema,
    errors: [401],
  }),
  sitzung: endpoint({
    method: 'GET',
    path: '/video/sitzung/:conferenceId',
    summary: 'Videositzung vor dem Beitritt prüfen (dieselben Prüfungen wie beim Beitreten)',
    tag,
    access: LOGIN,
    params: conferenceIdParamSchema,
    response: sitzungInfoSchema,
    errors: [400, 401, 403, 404, 409, 410],
  }),
};
