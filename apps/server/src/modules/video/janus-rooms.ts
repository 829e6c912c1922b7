import { createHmac } from 'node:crypto';
import Janode, { type JanodeConnection } from 'janode';
import VideoRoomPlugin, { type VideoRoomHandle } from 'janode/plugins/videoroom';
import type { JanusConfig } from '../../config.ts';

/** What a member needs to join the session's Janus room (never the room secret or the admin key). */
export interface SfuJoinInfo {
  url: string;
  apiSecret: string | null;
  room: number;
  token: string;
  feedId: number;
  display: string;
}

/** The Janus VideoRoom side of sfu sessions: one room per conference, one join token per member. */
export interface SfuRooms {
  /** Creates the conference's room unless it exists and allows the member's token. */
  admit(conferenceId: number, userId: number, participants: number): Promise<SfuJoinInfo>;
  /** Withdraws the members' tokens and removes their feeds from the room (left or kicked). */
  revoke(conferenceId: number, userIds: number[]): Promise<void>;
  /** Mutes (or allows again) the member's microphone in Janus: the audio m-line (mid "0", published first). */
  moderate(conferenceId: number, userId: number, muted: boolean): Promise<void>;
  destroy(conferenceId: number): Promise<void>;
  close(): Promise<void>;
}

/** The audio track is published first (rtc/janus-media.ts), so its m-line is mid 0. */
const AUDIO_MID = '0';

const janusError = (error: unknown, code: number) => error instanceof Error && error.message.startsWith(`${code} `);
/** VideoRoom error codes (janus_videoroom.c): no such room, no such feed, room exists. */
const NO_SUCH_ROOM = 426;
const NO_SUCH_FEED = 428;
const ROOM_EXISTS = 427;

/**
 * Janus through janode. The room secret and each member's token are derived from the admin key (HMAC), so every
 * server instance computes the same ones without sharing state, and a room left behind by a restart stays manageable.
 * The connection opens on first use and again after Janus went away.
 */
export function createJanusRooms(config: JanusConfig): SfuRooms {
  // janode would write to the console; failures reach our log through the callers instead
  Janode.Logger.setLevel('none');
  let handle: Promise<{ connection: JanodeConnection; videoroom: VideoRoomHandle }> | null = null;

  const derive = (label: string) => createHmac('sha256', config.adminKey).update(label).digest('base64url');
  const roomSecret = (room: number) => derive(`room:${room}`);
  const tokenOf = (room: number, userId: number) => derive(`token:${room}:${userId}`);

  function videoroom(): Promise<VideoRoomHandle> {
    handle ??= (async () => {
      const connection = await Janode.connect({
        address: { url: config.url, ...(config.apiSecret ? { apisecret: config.apiSecret } : {}) },
        retry_time_secs: 1,
        max_retries: 1,
      });
      const forget = () => {
        handle = null;
      };
      connection.once(Janode.EVENT.CONNECTION_CLOSED, forget);
      connection.once(Janode.EVENT.CONNECTION_ERROR, forget);
      const session = await connection.create();
      session.once(Janode.EVENT.SESSION_DESTROYED, forget);
      return { connection, videoroom: await session.attach<VideoRoomHandle>(VideoRoomPlugin) };
    })();
    const current = handle;
    return current.then(
      (value) => value.videoroom,
      (error: unknown) => {
        if (handle === current) handle = null;
        throw error;
      },
    );
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
      const vr = await videoroom();
      await ensureRoom(vr, conferenceId, participants);
      const token = tokenOf(conferenceId, userId);
      // a feed left over from the member's earlier page (its Janus session not yet timed out) would block the id
      await vr.kick({ room: conferenceId, feed: userId, secret: roomSecret(conferenceId) }).catch((error: unknown) => {
        if (!janusError(error, NO_SUCH_FEED)) throw error;
      });
      await vr.allow({ room: conferenceId, action: 'add', list: [token], secret: roomSecret(conferenceId) });
      return {
        url: config.publicUrl,
        apiSecret: config.apiSecret ?? null,
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
      try {
        const list = userIds.map((id) => tokenOf(conferenceId, id));
        await vr.allow({ room: conferenceId, action: 'remove', list, secret });
        for (const feed of userIds) {
          await vr.kick({ room: conferenceId, feed, secret }).catch((error: unknown) => {
            if (!janusError(error, NO_SUCH_FEED)) throw error;
          });
        }
      } catch (error) {
        if (!janusError(error, NO_SUCH_ROOM)) throw error;
      }
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
    async destroy(conferenceId) {
      const vr = await videoroom();
      await vr.destroy({ room: conferenceId, secret: roomSecret(conferenceId) }).catch((error: unknown) => {
        if (!janusError(error, NO_SUCH_ROOM)) throw error;
      });
    },
    async close() {
      const current = handle;
      handle = null;
      if (!current) return;
      const { connection } = await current.catch(() => ({ connection: null }));
      await connection?.close().catch(() => undefined);
    },
  };
}
