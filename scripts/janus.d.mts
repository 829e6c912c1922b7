// Types of scripts/janus.mjs for the TypeScript tests that start a Janus of their own.
export const JANUS_BINARY: string;
export function ensureJanus(): boolean;
export function freePort(): Promise<number>;
export interface StartedJanus {
  url: string;
  apiSecret: string;
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
export function janusConfig(options: Record<string, unknown>): Record<string, string>;
