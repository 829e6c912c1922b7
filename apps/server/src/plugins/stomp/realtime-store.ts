import type { ServerMessage } from '@dihs/contract/video';

/**
 * A conference's state as the transport keeps it: all it knows is the id. The rest belongs to the module that serves
 * the commands (video: its ConferenceRecord), which gets back what it stored; Redis keeps the state as JSON text.
 */
export interface StoredConference {
  conferenceId: number;
}

/** Where conference states live: in this process, or in Redis for several instances. */
export interface ConferenceStore {
  /**
   * Runs `change` on the conference's current state under a per-conference lock, stores the next state (null
   * deletes it) and answers the result. `change` must be pure: under Redis it may run on any instance. One module
   * serves the conferences, so the state read is the `State` it stored.
   */
  update<State extends StoredConference, T>(
    conferenceId: number,
    change: (current: State | null) => { next: State | null; result: T },
  ): Promise<T>;
  close(): Promise<void>;
}

/** How messages reach a user's sockets, wherever they are connected. */
export interface MessageBus {
  /** Resolves once the message is handed on (in order per publishing instance). */
  publish(userId: number, message: ServerMessage): Promise<void>;
  /** Delivers messages for the user to this process's handler until the returned function is called. */
  subscribe(userId: number, handler: (message: ServerMessage) => void): () => void;
  close(): Promise<void>;
}

/** Runs tasks per key one after another. */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}

export function createMemoryStore(): ConferenceStore {
  const states = new Map<number, StoredConference>();
  const queue = new KeyedQueue();
  return {
    update<State extends StoredConference, T>(
      conferenceId: number,
      change: (current: State | null) => { next: State | null; result: T },
    ) {
      return queue.run(String(conferenceId), async () => {
        const { next, result } = change((states.get(conferenceId) as State | undefined) ?? null);
        if (next) states.set(conferenceId, next);
        else states.delete(conferenceId);
        return result;
      });
    },
    async close() {
      states.clear();
    },
  };
}

/** Local delivery: a user's handlers (one per subscribed socket) in this process. */
export class LocalSubscribers {
  private readonly handlers = new Map<number, Set<(message: ServerMessage) => void>>();

  add(userId: number, handler: (message: ServerMessage) => void): () => void {
    let set = this.handlers.get(userId);
    if (!set) this.handlers.set(userId, (set = new Set()));
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0) this.handlers.delete(userId);
    };
  }

  deliver(userId: number, message: ServerMessage): void {
    for (const handler of this.handlers.get(userId) ?? []) handler(message);
  }
}

export function createMemoryBus(): MessageBus {
  const local = new LocalSubscribers();
  return {
    async publish(userId, message) {
      local.deliver(userId, message);
    },
    subscribe: (userId, handler) => local.add(userId, handler),
    async close() {},
  };
}
