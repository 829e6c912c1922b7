// Types of scripts/janus.mjs for the TypeScript tests that start a Janus of their own.
export const JANUS_BINARY: string;
export function ensureJanus(): boolean;
export function freePort(): Promise<number>;
export interface StartedJanus {
  url: string;
  apiSecret: string;
  /** The admin API (add_token, remove_token), with its secret. */
  adminUrl: string;
  adminSecret: string;
  adminKey: string;
  pid: number | undefined;
  logFile: string;
  stop(): Promise<void>;
}
export function startJanus(options?: {
  wsPort?: number;
  apiSecret?: string;
  adminKey?: string;
  config?: Record<string, unknown>;
}): Promise<StartedJanus>;
export function janusServerEnv(janus: StartedJanus): Record<string, string>;
export function janusConfig(options: Record<string, unknown>): Record<string, string>;
