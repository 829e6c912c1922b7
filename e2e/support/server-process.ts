import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { healthEndpoints } from '@dihs/contract/health';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('kein Port')),
      );
    });
  });
}

export interface ServerProcess {
  baseUrl: string;
  server: ChildProcess;
  /** SIGTERM and wait for the exit (nothing to do when it already ended). */
  stop: () => Promise<void>;
}

/**
 * The built server (apps/server/dist) on a free port with these settings on top of the runner's environment;
 * resolves once /api/health answers. `name` opens the error messages ("Server", "Zweite Instanz").
 */
export async function startBuiltServer(name: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env, PORT: String(port), PUBLIC_URL: baseUrl },
  });
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`${name} beendet mit ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}${apiUrl(healthEndpoints.health)}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 150) throw new Error(`${name} nicht erreichbar`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    server,
    stop: async () => {
      if (server.exitCode !== null || server.signalCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    },
  };
}
