// Types of cluster.mjs for the TypeScript callers (the e2e tests).

export function ensureNginx(): void;
export function freePort(): Promise<number>;
export function nginxConfig(input: { listenPort: number; upstreams: number[]; dir: string }): string;

export interface Proxy {
  url: string;
  port: number;
  /** The prefix folder; access.log names the upstream of every request. */
  dir: string;
  pid: number;
  stop(): Promise<void>;
}
export function startProxy(upstreams: number[], options?: { port?: number }): Promise<Proxy>;

export interface Instance {
  url: string;
  port: number;
  pid: number;
  logFile: string;
  stop(): Promise<void>;
}

export interface Cluster {
  /** The proxy's address: round-robin over the instances. */
  url: string;
  proxy: Proxy;
  instances: Instance[];
  databaseUrl: string;
  redisKeyPrefix: string;
  /** The environment every instance got. */
  env: Record<string, string>;
  stop(): Promise<void>;
}
export function startCluster(options?: {
  instances?: number;
  entry?: string;
  env?: Record<string, string>;
  /** An existing, migrated database to use as it is (not created, not dropped, not seeded); otherwise a fresh one. */
  databaseUrl?: string;
  adminUrl?: string;
  redisUrl?: string;
}): Promise<Cluster>;
