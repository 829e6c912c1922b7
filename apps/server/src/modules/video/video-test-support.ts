import { Client, type IFrame } from '@stomp/stompjs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import {
  PRIVATE_TOPIC,
  SEND_DESTINATION,
  serverMessageSchema,
  type ClientCommand,
  type ServerMessage,
  type ServerMessageType,
} from '@dihs/contract/video';
import type { Database } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../users/users.table.ts';
import { terminTeilnahmen, termine } from '../termin/termin.table.ts';

/** Test helpers: real @stomp/stompjs clients over `ws`, and appointments placed around a clock. */

export interface TestClient {
  client: Client;
  userId: number;
  messages: ServerMessage[];
  errors: IFrame[];
  closed: Promise<void>;
  send(command: ClientCommand, bearer?: string): void;
  /** The next message of that type not yet taken (waits up to timeoutMs). */
  next<T extends ServerMessageType>(type: T, timeoutMs?: number): Promise<Extract<ServerMessage, { type: T }>>;
  /** No message of that type arrives within ms. */
  none(type: ServerMessageType, ms?: number): Promise<void>;
  disconnect(): Promise<void>;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function userIdOf(bearer: string): number {
  try {
    const payload = JSON.parse(Buffer.from(bearer.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      userId: number;
    };
    return payload.userId;
  } catch {
    return 0;
  }
}

export async function connectClient(
  url: string,
  bearer: string,
  options: { heartbeat?: number; subscribe?: boolean } = {},
): Promise<TestClient> {
  const userId = userIdOf(bearer);
  const messages: ServerMessage[] = [];
  const taken = new Set<number>();
  const errors: IFrame[] = [];
  const waiters = new Set<() => void>();
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  const heartbeat = options.heartbeat ?? 4000;
  const client = new Client({
    webSocketFactory: () => new WebSocket(url),
    connectHeaders: { Authorization: bearer },
    heartbeatIncoming: heartbeat,
    heartbeatOutgoing: heartbeat,
    reconnectDelay: 0,
    debug: () => undefined,
  });
  const connected = new Promise<void>((resolve, reject) => {
    client.onConnect = () => resolve();
    client.onStompError = (frame) => {
      errors.push(frame);
      reject(new Error(frame.headers.message));
    };
    client.onWebSocketClose = () => {
      resolveClosed();
      reject(new Error('closed'));
    };
  });
  client.activate();
  await connected;
  client.onStompError = (frame) => errors.push(frame);
  if (options.subscribe !== false) {
    client.subscribe(PRIVATE_TOPIC(userId), (frame) => {
      messages.push(serverMessageSchema.parse(JSON.parse(frame.body)));
      for (const waiter of waiters) waiter();
    });
  }
  const find = (type: ServerMessageType) => messages.findIndex((m, i) => m.type === type && !taken.has(i));
  return {
    client,
    userId,
    messages,
    errors,
    closed,
    send(command, withBearer = bearer) {
      client.publish({
        destination: SEND_DESTINATION,
        headers: { Authorization: withBearer },
        body: JSON.stringify(command),
      });
    },
    next(type, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const index = find(type);
          if (index < 0) return false;
          taken.add(index);
          waiters.delete(check);
          clearTimeout(timer);
          resolve(messages[index] as never);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`keine Nachricht ${type}; erhalten: ${messages.map((m) => m.type).join(',')}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    async none(type, ms = 300) {
      await sleep(ms);
      if (find(type) >= 0) throw new Error(`unerwartete Nachricht ${type}`);
    },
    async disconnect() {
      await client.deactivate();
    },
  };
}

export async function idOf(db: Database, email: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

/** An AKTIV appointment starting at `start` with GEBUCHT seats for the patients. */
export async function createSession(
  db: Database,
  input: {
    therapist: string;
    patients: string[];
    start: Date;
    dauer?: number;
    termintyp?: 'EINZEL' | 'GRUPPE' | 'TELEFON';
    everyoneView?: boolean;
  },
): Promise<number> {
  const termintyp = input.termintyp ?? (input.patients.length > 1 ? 'GRUPPE' : 'EINZEL');
  const max = termintyp === 'GRUPPE' ? 8 : 1;
  const [row] = await db
    .insert(termine)
    .values({
      datum: input.start,
      dauer: input.dauer ?? 30,
      termintyp,
      befund: 'Rückenschmerzen',
      details: 'Test',
      therapeutUserId: await idOf(db, input.therapist),
      maxTeilnehmer: max,
      anzahlTeilnehmer: input.patients.length,
      status: 'AKTIV',
      everyoneView: input.everyoneView ?? false,
    })
    .returning({ id: termine.id });
  for (const email of input.patients) {
    await db.insert(terminTeilnahmen).values({
      terminId: row!.id,
      patientUserId: await idOf(db, email),
      status: 'GEBUCHT',
      zahlungsart: 'GUTHABEN',
      creditKind: 'bezahltEinzelTermin',
    });
  }
  return row!.id;
}

export async function seatOf(db: Database, terminId: number, email: string) {
  const [row] = await db
    .select()
    .from(terminTeilnahmen)
    .where(and(eq(terminTeilnahmen.terminId, terminId), eq(terminTeilnahmen.patientUserId, await idOf(db, email))));
  return row!;
}

/**
 * A listening test app for the enclosing describe block, bearers for the given demo accounts, and STOMP clients
 * that are disconnected afterwards. Registers its own beforeAll/afterAll.
 */
export function videoSuite(
  emails: string[],
  env: Record<string, string> = {},
  options: Parameters<typeof createTestApp>[1] = {},
) {
  let app: TestApp | undefined;
  let url = '';
  const bearers: Record<string, string> = {};
  const open: TestClient[] = [];
  beforeAll(async () => {
    app = await createTestApp(env, options);
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(app.app.server.address() as { port: number }).port}/ws`;
    for (const email of emails) bearers[email] = await app.bearer(email);
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.disconnect()));
    await app?.close();
  });
  const connect = async (email: string) => {
    const client = await connectClient(url, bearers[email]!);
    open.push(client);
    return client;
  };
  /** Connected and joined to the conference (joinedSession received). */
  const joined = async (email: string, conferenceId: number) => {
    const client = await connect(email);
    client.send({ command: 'joinConference', conferenceId });
    await client.next('joinedSession');
    return client;
  };
  return {
    get t(): TestApp {
      return app!;
    },
    bearers,
    connect,
    joined,
  };
}
