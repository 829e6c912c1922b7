import { DatabaseBusyError } from './database-busy.ts';

// The embedded database (PGlite) runs one query or transaction at a time and queues the rest itself, without a
// limit: behind a transaction that never ends, every request of every user waited forever. This queue stands in
// front of PGlite's own: a caller that does not get the connection within the wait limit leaves the queue with a
// DatabaseBusyError (answered 503) and its statement never runs, so a request told "failed" wrote nothing later.

interface Holder {
  what: 'Abfrage' | 'Transaktion';
  since: number;
}

interface Waiter {
  holder: Holder;
  admit(): void;
}

export interface ConnectionQueue {
  /** Runs `work` once the connection is free; rejects with DatabaseBusyError after `waitMs` of waiting. */
  run<T>(what: Holder['what'], work: () => Promise<T>, waitMs?: number): Promise<T>;
  /** Whether the connection is held and how many callers wait for it (the metrics read it at scrape time). */
  state(): { busy: boolean; waiting: number };
}

export function createConnectionQueue(defaultWaitMs: number, now: () => number = Date.now): ConnectionQueue {
  let holder: Holder | null = null;
  const waiting: Waiter[] = [];

  // hands the connection to the next waiter in the same tick, so no caller arriving meanwhile can slip in between
  const release = () => {
    const next = waiting.shift();
    holder = next ? next.holder : null;
    if (next) {
      next.holder.since = now();
      next.admit();
    }
  };

  const wait = (next: Holder, waitMs: number) =>
    new Promise<void>((resolve, reject) => {
      const started = now();
      const waiter: Waiter = {
        holder: next,
        admit: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(waiter), 1);
        const current = holder;
        reject(
          new DatabaseBusyError(
            'die eingebettete Datenbank (eine Verbindung)',
            now() - started,
            current ? { what: current.what, forMs: now() - current.since } : undefined,
          ),
        );
      }, waitMs);
      timer.unref();
      waiting.push(waiter);
    });

  return {
    state: () => ({ busy: holder !== null, waiting: waiting.length }),
    async run(what, work, waitMs = defaultWaitMs) {
      const mine: Holder = { what, since: now() };
      if (holder) await wait(mine, waitMs);
      else holder = mine;
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}
