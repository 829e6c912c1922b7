import { createHmac } from 'node:crypto';
import Janode, { type JanodeConnection } from 'janode';
import VideoRoomPlugin, { type VideoRoomHandle } from 'janode/plugins/videoroom';
import type { JanusConfig } from '../../config.ts';

/**
 * What a member needs to join the session's Janus room: its own token (for Janus's core and the room alike), never
 * the API secret, the admin secret, the room secret or the admin key.
 */
export interface SfuJoinInfo {
  url: string;
  room: number;
  token: string;
  feedId: number;
  display: string;
}

/** The Janus VideoRoom side of sfu sessions: one room per conference, one join token per member. */
export interface SfuRooms {
  /** Adds the member's token to Janus, creates the conference's room unless it exists and allows the token there. */
  admit(conferenceId: number, userId: number, participants: number): Promise<SfuJoinInfo>;
  /** Withdraws the members' tokens (room and Janus) and removes their feeds from the room (left or kicked). */
  revoke(conferenceId: number, userIds: number[]): Promise<void>;
  /** Mutes (or allows again) the member's microphone in Janus: the audio m-line (mid "0", published first). */
  moderate(conferenceId: number, userId: number, muted: boolean): Promise<void>;
  /** Destroys the room and withdraws the tokens of the members still in it (the session ended). */
  destroy(conferenceId: number, userIds: number[]): Promise<void>;
  close(): Promise<void>;
}

/** The audio track is published first (rtc/janus-media.ts), so its m-line is mid 0. */
const AUDIO_MID = '0';
/** The one plugin a member's token opens in Janus. */
const VIDEOROOM = 'janus.plugin.videoroom';

const janusError = (error: unknown, code: number) => error instanceof Error && error.message.startsWith(`${code} `);
/** VideoRoom error codes (janus_videoroom.c): no such room, no such feed, room exists. */
const NO_SUCH_ROOM = 426;
const NO_SUCH_FEED = 428;
const ROOM_EXISTS = 427;
/** Janus core (janus.c): remove_token of a token it does not hold (already removed, e.g. by another instance). */
const TOKEN_UNKNOWN = 490;

/**
 * A janode connection (and what rides on it) opened on first use and again after it went away: `open` gets the
 * callback that forgets the current one.
 */
function onDemand<T extends { connection: JanodeConnection }>(open: (forget: () => void) => Promise<T>) {
  let current: Promise<T> | null = null;
  return {
    get(): Promise<T> {
      if (current) return current;
      const opening: Promise<T> = open(() => {
        if (current === opening) current = null;
      });
      current = opening;
      opening.catch(() => {
        if (current === opening) current = null;
      });
      return opening;
    },
    async close(): Promise<void> {
      const opening = current;
      current = null;
      const value = await opening?.catch(() => null);
      await value?.connection.close().catch(() => undefined);
    },
  };
}

/**
 * Janus through janode: the Janus API with the API secret (rooms, feeds) and the admin API with the admin secret
 * (the members' tokens; Janus runs with token_auth, so a browser gets in with its own token and never learns a
 * secret). The room secret and each member's token are derived from the admin key (HMAC), so every server instance
 * computes the same ones without sharing state, and a room left behind by a restart stays manageable.
 */
export function createJanusRooms(config: JanusConfig): SfuRooms {
  // janode would write to the console; failures reach our log through the callers instead
  Janode.Logger.setLevel('none');

  const derive = (label: string) => createHmac('sha256', config.adminKey).update(label).digest('base64url');
  const roomSecret = (room: number) => derive(`room:${room}`);
  const tokenOf = (room: number, userId: number) => derive(`token:${room}:${userId}`);

  async function connect(url: string, secret: string, isAdmin: boolean, forget: () => void) {
    const connection = await Janode.connect({
      address: { url, apisecret: secret },
      is_admin: isAdmin,
      retry_time_secs: 1,
      max_retries: 1,
    });
    connection.once(Janode.EVENT.CONNECTION_CLOSED, forget);
    connection.once(Janode.EVENT.CONNECTION_ERROR, forget);
    return connection;
  }
  const api = onDemand(async (forget) => {
    const connection = await connect(config.url, config.apiSecret, false, forget);
    try {
      const session = await connection.create();
      session.once(Janode.EVENT.SESSION_DESTROYED, forget);
      return { connection, videoroom: await session.attach<VideoRoomHandle>(VideoRoomPlugin) };
    } catch (error) {
      await connection.close().catch(() => undefined);
      throw error;
    }
  });
  const admin = onDemand(async (forget) => ({
    connection: await connect(config.adminUrl, config.adminSecret, true, forget),
  }));
  const videoroom = async () => (await api.get()).videoroom;

  /** The member's token opens Janus (the VideoRoom plugin only) until it is removed. */
  async function addToken(token: string): Promise<void> {
    await (await admin.get()).connection.sendRequest({ janus: 'add_token', token, plugins: [VIDEOROOM] });
  }
  async function removeTokens(tokens: string[]): Promise<void> {
    if (tokens.length === 0) return;
    const { connection } = await admin.get();
    for (const token of tokens) {
      await connection.sendRequest({ janus: 'remove_token', token }).catch((error: unknown) => {
        if (!janusError(error, TOKEN_UNKNOWN)) throw error;
      });
    }
  }

  async function ensureRoom(vr: VideoRoomHandle, room: number, participants: number): Promise<void> {
    if ((await vr.exists({ room })).exists) return;
    try {
      // janode's create() cannot pass `allowed`; an empty list switches the token check on from the first moment
      await vr.message({
        request: 'create',
        room,
        description: `Termin ${room}`,
        admin_key: config.adminKey,
        secret: roomSecret(room),
        publishers: participants,
        is_private: true,
        require_e2ee: true,
        notify_joining: false,
        // a key frame every few seconds: a member whose key arrived late decodes again soon
        fir_freq: 5,
        allowed: [],
      });
    } catch (error) {
      // another instance created it first
      if (!janusError(error, ROOM_EXISTS)) throw error;
    }
  }

  return {
    async admit(conferenceId, userId, participants) {
      const token = tokenOf(conferenceId, userId);
      await addToken(token);
      const vr = await videoroom();
      await ensureRoom(vr, conferenceId, participants);
      // a feed left over from the member's earlier page (its Janus session not yet timed out) would block the id
      await vr.kick({ room: conferenceId, feed: userId, secret: roomSecret(conferenceId) }).catch((error: unknown) => {
        if (!janusError(error, NO_SUCH_FEED)) throw error;
      });
      await vr.allow({ room: conferenceId, action: 'add', list: [token], secret: roomSecret(conferenceId) });
      return {
        url: config.publicUrl,
        room: conferenceId,
        token,
        feedId: userId,
        display: String(userId),
      };
    },
    async revoke(conferenceId, userIds) {
      if (userIds.length === 0) return;
      const vr = await videoroom();
      const secret = roomSecret(conferenceId);
      const list = userIds.map((id) => tokenOf(conferenceId, id));
      try {
        await vr.allow({ room: conferenceId, action: 'remove', list, secret });
        for (const feed of userIds) {
          await vr.kick({ room: conferenceId, feed, secret }).catch((error: unknown) => {
            if (!janusError(error, NO_SUCH_FEED)) throw error;
          });
        }
      } catch (error) {
        if (!janusError(error, NO_SUCH_ROOM)) throw error;
      }
      await removeTokens(list);
    },
    async moderate(conferenceId, userId, muted) {
      const vr = await videoroom();
      try {
        await vr.message({
          request: 'moderate',
          room: conferenceId,
          secret: roomSecret(conferenceId),
          id: userId,
          mid: AUDIO_MID,
          mute: muted,
        });
      } catch (error) {
        // not publishing yet: the mute follows when it publishes (sfu-sync.ts)
        if (!janusError(error, NO_SUCH_FEED) && !janusError(error, NO_SUCH_ROOM)) throw error;
      }
    },
    async destroy(conferenceId, userIds) {
      const vr = await videoroom();
      await vr.destroy({ room: conferenceId, secret: roomSecret(conferenceId) }).catch((error: unknown) => {
        if (!janusError(error, NO_SUCH_ROOM)) throw error;
      });
      await removeTokens(userIds.map((id) => tokenOf(conferenceId, id)));
    },
    async close() {
      await Promise.all([api.close(), admin.close()]);
    },
  };
}

/** How long the reachability probe waits for Janus's answer. */
const PROBE_TIMEOUT_MS = 5000;

/**
 * Whether Janus answers on its admin API (`info`), for the metrics (dihs_janus_reachable): the connection is opened
 * on first use, kept, and opened again after it went away.
 */
export function createJanusProbe(config: JanusConfig): { reachable(): Promise<boolean>; close(): Promise<void> } {
  Janode.Logger.setLevel('none');
  const admin = onDemand(async (forget) => {
    const connection = await Janode.connect({
      address: { url: config.adminUrl, apisecret: config.adminSecret },
      is_admin: true,
      retry_time_secs: 1,
      max_retries: 1,
    });
    connection.once(Janode.EVENT.CONNECTION_CLOSED, forget);
    connection.once(Janode.EVENT.CONNECTION_ERROR, forget);
    return { connection };
  });
  return {
    async reachable() {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
      });
      const asked = admin
        .get()
        .then(({ connection }) => connection.sendRequest({ janus: 'info' }))
        .then(
          () => true,
          () => false,
        );
      try {
        return await Promise.race([asked, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => admin.close(),
  };
}
