/**
 * STOMP 1.2 frames (https://stomp.github.io/stomp-specification-1.2.html), parsed and written by us: there is no
 * maintained STOMP broker for Node, and the server needs only the client half of the protocol.
 *
 * One WebSocket message holds zero or more complete frames, with heart-beat EOLs between them. A frame split over
 * two WebSocket messages is refused (stomp.js sends whole frames unless splitLargeFrames is on).
 */

export interface StompFrame {
  command: string;
  /** The first occurrence of a repeated header wins (STOMP 1.2). */
  headers: Record<string, string>;
  body: string;
}

/** Commands a client may send; everything else is refused. */
export const CLIENT_COMMANDS = ['CONNECT', 'STOMP', 'SEND', 'SUBSCRIBE', 'UNSUBSCRIBE', 'DISCONNECT'] as const;

export class StompParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StompParseError';
  }
}

const NUL = 0;
const LF = 10;
const CR = 13;

/** CONNECT, STOMP and CONNECTED frames carry their headers unescaped (STOMP 1.2 "Value Encoding"). */
const RAW_HEADER_COMMANDS = new Set(['CONNECT', 'STOMP', 'CONNECTED']);

function unescapeHeader(value: string): string {
  return value.replace(/\\(.?)/g, (_, next: string) => {
    switch (next) {
      case 'r':
        return '\r';
      case 'n':
        return '\n';
      case 'c':
        return ':';
      case '\\':
        return '\\';
      default:
        throw new StompParseError('Ungültige Maskierung in einer Kopfzeile.');
    }
  });
}

function escapeHeader(value: string): string {
  return value.replace(/[\\\r\n:]/g, (c) => (c === '\\' ? '\\\\' : c === '\r' ? '\\r' : c === '\n' ? '\\n' : '\\c'));
}

function indexOfByte(buffer: Buffer, byte: number, from: number): number {
  return buffer.indexOf(byte, from);
}

/** Reads one line ending in LF (an optional CR before it is dropped). */
function readLine(buffer: Buffer, from: number): { line: string; next: number } {
  const end = indexOfByte(buffer, LF, from);
  if (end < 0) throw new StompParseError('Unvollständiger STOMP-Rahmen.');
  const stop = end > from && buffer[end - 1] === CR ? end - 1 : end;
  return { line: buffer.toString('utf8', from, stop), next: end + 1 };
}

/**
 * Parses every frame of one WebSocket message. Heart-beats (bare EOLs) are skipped; `heartbeats` tells whether
 * the message held anything at all. Throws StompParseError for anything that is not well-formed STOMP, for an
 * unknown command and for a frame larger than maxFrameBytes.
 */
export function parseFrames(data: Buffer | string, maxFrameBytes: number): StompFrame[] {
  const buffer = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const frames: StompFrame[] = [];
  let pos = 0;
  while (pos < buffer.length) {
    const byte = buffer[pos];
    if (byte === LF || byte === CR) {
      pos += 1;
      continue;
    }
    const start = pos;
    const commandLine = readLine(buffer, pos);
    const command = commandLine.line;
    if (!(CLIENT_COMMANDS as readonly string[]).includes(command)) {
      throw new StompParseError(
        /^[A-Z]{1,20}$/.test(command) ? `Unbekannter STOMP-Befehl ${command}.` : 'Keine STOMP-Nachricht.',
      );
    }
    pos = commandLine.next;
    const headers: Record<string, string> = {};
    const raw = RAW_HEADER_COMMANDS.has(command);
    for (;;) {
      const { line, next } = readLine(buffer, pos);
      pos = next;
      if (pos - start > maxFrameBytes) throw new StompParseError('STOMP-Rahmen zu groß.');
      if (line === '') break;
      const colon = line.indexOf(':');
      if (colon <= 0) throw new StompParseError('Ungültige Kopfzeile.');
      const name = raw ? line.slice(0, colon) : unescapeHeader(line.slice(0, colon));
      const value = raw ? line.slice(colon + 1) : unescapeHeader(line.slice(colon + 1));
      if (!(name in headers)) headers[name] = value;
    }
    let bodyEnd: number;
    const lengthHeader = headers['content-length'];
    if (lengthHeader !== undefined) {
      if (!/^\d{1,9}$/.test(lengthHeader)) throw new StompParseError('Ungültige content-length.');
      bodyEnd = pos + Number(lengthHeader);
      if (bodyEnd - start > maxFrameBytes) throw new StompParseError('STOMP-Rahmen zu groß.');
      if (bodyEnd >= buffer.length || buffer[bodyEnd] !== NUL) {
        throw new StompParseError('Unvollständiger STOMP-Rahmen.');
      }
    } else {
      bodyEnd = indexOfByte(buffer, NUL, pos);
      if (bodyEnd < 0) throw new StompParseError('Unvollständiger STOMP-Rahmen.');
    }
    if (bodyEnd + 1 - start > maxFrameBytes) throw new StompParseError('STOMP-Rahmen zu groß.');
    frames.push({ command, headers, body: buffer.toString('utf8', pos, bodyEnd) });
    pos = bodyEnd + 1;
  }
  return frames;
}

/** Writes one frame; MESSAGE, RECEIPT and ERROR headers are escaped, and a body gets its content-length. */
export function serializeFrame(frame: StompFrame): string {
  const raw = RAW_HEADER_COMMANDS.has(frame.command);
  const headers = { ...frame.headers };
  if (frame.body.length > 0) headers['content-length'] = String(Buffer.byteLength(frame.body, 'utf8'));
  const lines = Object.entries(headers).map(([name, value]) =>
    raw ? `${name}:${value}` : `${escapeHeader(name)}:${escapeHeader(value)}`,
  );
  return `${frame.command}\n${lines.map((l) => `${l}\n`).join('')}\n${frame.body}\0`;
}

/**
 * Heart-beat negotiation (STOMP 1.2 "Heart-beating"): the client's `cx,cy` against the server's `sx,sy`. outgoing:
 * how often the server sends; incoming: how often the client promised to send (0: off).
 */
export function negotiateHeartbeat(
  header: string | undefined,
  server: { sx: number; sy: number },
): { outgoing: number; incoming: number } {
  const match = /^\s*(\d{1,9})\s*,\s*(\d{1,9})\s*$/.exec(header ?? '');
  const cx = match ? Number(match[1]) : 0;
  const cy = match ? Number(match[2]) : 0;
  return {
    outgoing: server.sx === 0 || cy === 0 ? 0 : Math.max(server.sx, cy),
    incoming: cx === 0 || server.sy === 0 ? 0 : Math.max(cx, server.sy),
  };
}
