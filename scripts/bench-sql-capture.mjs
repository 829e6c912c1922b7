// Captures the SQL a server sends for one request, so the bare reference of a list (bench-bare-lists.mjs) runs the
// very statement the server runs, with the same values. A TCP proxy between the server and PostgreSQL reads the
// client's side of the wire protocol (Parse, Bind and simple Query messages; the server's answers pass unread) and
// records each statement with its values. Node-postgres sends every value as text, so the values replay as they are.
import { createServer, connect } from 'node:net';

/**
 * Starts the proxy to PostgreSQL at `target` (a postgres:// URL); answers its URL (the same database, the proxy's
 * port), `take()` (the statements recorded since the last take, in order) and `close()`.
 */
export async function startSqlCapture(target) {
  const upstream = new URL(target);
  let recorded = [];
  const sockets = new Set();
  const server = createServer((client) => {
    const db = connect(Number(upstream.port || 5432), upstream.hostname);
    sockets.add(client).add(db);
    client.pipe(db);
    db.pipe(client);
    const end = () => {
      client.destroy();
      db.destroy();
    };
    client.on('error', end).on('close', end);
    db.on('error', end).on('close', end);
    const reader = frontendReader((statement) => recorded.push(statement));
    client.on('data', reader);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(server.address().port);
  return {
    url: url.toString(),
    take() {
      const taken = recorded;
      recorded = [];
      return taken;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * A reader of the client's byte stream: the untyped startup message first (an SSL request is answered before it,
 * this proxy speaks plain TCP), then typed messages ('P' Parse, 'B' Bind, 'Q' Query; the rest skipped). Calls
 * `onStatement({ text, values, named })` for each executed statement.
 */
function frontendReader(onStatement) {
  let buffer = Buffer.alloc(0);
  let started = false;
  /** Statement texts by name; '' is the unnamed one, replaced by each unnamed Parse. */
  const texts = new Map();
  return (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      if (!started) {
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) return;
        // 80877103: SSLRequest, answered 'N' by the server; a startup message follows
        if (buffer.readInt32BE(4) !== 80877103) started = true;
        buffer = buffer.subarray(length);
        continue;
      }
      if (buffer.length < 5) return;
      const length = buffer.readInt32BE(1);
      if (buffer.length < 1 + length) return;
      const type = String.fromCharCode(buffer[0]);
      const body = buffer.subarray(5, 1 + length);
      buffer = buffer.subarray(1 + length);
      if (type === 'P') {
        const [name, afterName] = cstring(body, 0);
        const [text] = cstring(body, afterName);
        texts.set(name, text);
      } else if (type === 'B') {
        const [, afterPortal] = cstring(body, 0);
        const [name, at] = cstring(body, afterPortal);
        onStatement({ text: texts.get(name) ?? '', values: bindValues(body, at), named: name !== '' });
      } else if (type === 'Q') {
        onStatement({ text: cstring(body, 0)[0], values: [], named: false });
      }
    }
  };
}

/** A zero-terminated string at `offset`: answers it and the offset after its terminator. */
function cstring(body, offset) {
  const end = body.indexOf(0, offset);
  return [body.toString('utf8', offset, end), end + 1];
}

/** The parameter values of a Bind message from `at` (after portal and statement name), as text; null stays null. */
function bindValues(body, at) {
  const formats = body.readInt16BE(at);
  at += 2 + formats * 2;
  const count = body.readInt16BE(at);
  at += 2;
  const values = [];
  for (let i = 0; i < count; i++) {
    const length = body.readInt32BE(at);
    at += 4;
    if (length < 0) values.push(null);
    else {
      values.push(body.toString('utf8', at, at + length));
      at += length;
    }
  }
  return values;
}
