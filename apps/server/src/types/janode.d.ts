// The part of janode (no bundled types) that modules/video/janus-rooms.ts uses.
declare module 'janode' {
  import type { EventEmitter } from 'node:events';

  export interface JanodeHandle extends EventEmitter {
    message(body: Record<string, unknown>): Promise<unknown>;
    detach(): Promise<void>;
  }
  export interface JanodeSession extends EventEmitter {
    attach<H extends JanodeHandle>(plugin: unknown): Promise<H>;
    destroy(): Promise<void>;
  }
  export interface JanodeConnection extends EventEmitter {
    create(keepAliveSeconds?: number): Promise<JanodeSession>;
    /** A raw Janus request (the admin API's add_token and remove_token have no method of their own). */
    sendRequest(request: Record<string, unknown>): Promise<unknown>;
    close(): Promise<void>;
  }
  const Janode: {
    connect(config: {
      /** apisecret: the admin_secret on an admin connection; token: a client's own Janus token. */
      address: { url: string; apisecret?: string; token?: string };
      is_admin?: boolean;
      retry_time_secs?: number;
      max_retries?: number;
    }): Promise<JanodeConnection>;
    EVENT: { CONNECTION_CLOSED: string; CONNECTION_ERROR: string; SESSION_DESTROYED: string };
    Logger: { setLevel(level: 'debug' | 'verb' | 'info' | 'warn' | 'error' | 'none'): string };
  };
  export default Janode;
}

declare module 'janode/plugins/videoroom' {
  import type { JanodeHandle } from 'janode';

  export interface VideoRoomHandle extends JanodeHandle {
    exists(params: { room: number }): Promise<{ room: number; exists: boolean }>;
    allow(params: {
      room: number;
      action: 'enable' | 'disable' | 'add' | 'remove';
      list?: string[];
      secret: string;
    }): Promise<{ room: number; list: string[] }>;
    kick(params: { room: number; feed: number; secret: string }): Promise<unknown>;
    destroy(params: { room: number; secret: string }): Promise<unknown>;
    listParticipants(params: {
      room: number;
      secret?: string;
    }): Promise<{ room: number; participants: { feed: number; display?: string; publisher: boolean }[] }>;
  }
  const plugin: unknown;
  export default plugin;
}
