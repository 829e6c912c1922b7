import type { Server } from 'node:http';

const IDLE_SWEEP_MS = 50;

export interface ShutdownTarget {
  /** Fastify's close: stops listening, drops idle keep-alive connections, waits for the requests in flight. */
  close(): Promise<unknown>;
  server: Pick<Server, 'closeAllConnections' | 'closeIdleConnections'>;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

export interface ShutdownOptions {
  /** How long requests in flight may finish before the remaining connections are cut. */
  graceMs: number;
  /** After the cut: how long closing may still take (database pool, jobs) before the process ends anyway. */
  hardMs?: number;
  /** Closed after the app (the database pool). */
  afterClose?: () => Promise<void>;
  exit: (code: number) => void;
}

/**
 * The process's shutdown on SIGTERM/SIGINT: no new requests, idle connections closed at once, requests in flight
 * get `graceMs`, then every remaining connection is cut (a trickled upload, a hanging client) and the process ends.
 * A cut request cannot leave a booking half-done: business changes run in one transaction each, which either
 * commits or is rolled back when its connection ends. Called twice, it answers the first run.
 */
export function createShutdown(app: ShutdownTarget, options: ShutdownOptions): (signal: string) => Promise<void> {
  let running: Promise<void> | undefined;
  const hardMs = options.hardMs ?? 5000;
  return (signal) => {
    running ??= (async () => {
      app.log.info({ signal, graceSeconds: options.graceMs / 1000 }, 'Server wird beendet');
      const cut = setTimeout(() => {
        app.log.warn({}, 'Frist abgelaufen: offene Verbindungen werden getrennt');
        app.server.closeAllConnections();
        // a request whose handler never ends keeps close() waiting: the process ends regardless
        setTimeout(() => {
          app.log.error({}, 'Beenden dauert zu lange: Prozess wird beendet');
          options.exit(1);
        }, hardMs).unref();
      }, options.graceMs);
      cut.unref();
      // Node closes idle keep-alive connections once, when close() starts; a connection whose request ends later
      // would stay open until its keep-alive time (65 s) and hold the shutdown, so idle ones are closed as they appear.
      const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
      sweep.unref();
      let code = 0;
      try {
        await app.close();
        await options.afterClose?.();
      } catch (error) {
        app.log.error({ err: error }, 'Fehler beim Beenden');
        code = 1;
      } finally {
        clearTimeout(cut);
        clearInterval(sweep);
      }
      options.exit(code);
    })();
    return running;
  };
}
