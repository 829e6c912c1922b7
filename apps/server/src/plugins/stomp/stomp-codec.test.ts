import { describe, expect, it } from 'vitest';
import { negotiateHeartbeat, parseFrames, serializeFrame, StompParseError } from './stomp-codec.ts';

const MAX = 65_536;

describe('STOMP codec', () => {
  it('parses several frames with heart-beat EOLs between them', () => {
    const data =
      '\n\r\nCONNECT\naccept-version:1.2\nhost:x\n\n\0\nSUBSCRIBE\nid:0\ndestination:/topic/private/5\n\n\0\n';
    const frames = parseFrames(data, MAX);
    expect(frames.map((f) => f.command)).toEqual(['CONNECT', 'SUBSCRIBE']);
    expect(frames[1]!.headers).toEqual({ id: '0', destination: '/topic/private/5' });
  });

  it('reads a body by content-length (it may contain NUL) and with CRLF lines', () => {
    const body = 'a\0b';
    const frames = parseFrames(`SEND\r\ndestination:/app/sendOnly\r\ncontent-length:3\r\n\r\n${body}\0`, MAX);
    expect(frames[0]!.body).toBe(body);
    expect(frames[0]!.headers.destination).toBe('/app/sendOnly');
  });

  it('counts content-length in bytes (UTF-8)', () => {
    const body = '{"t":"ä€"}';
    const frame = `SEND\ndestination:/app/sendOnly\ncontent-length:${Buffer.byteLength(body)}\n\n${body}\0`;
    expect(parseFrames(Buffer.from(frame), MAX)[0]!.body).toBe(body);
  });

  it('unescapes headers except in CONNECT, keeps the first of a repeated header', () => {
    const [send] = parseFrames('SEND\na\\cb:c\\\\d\\ne\\r\nx:1\nx:2\n\n\0', MAX);
    expect(send!.headers).toEqual({ 'a:b': 'c\\d\ne\r', x: '1' });
    const [connect] = parseFrames('CONNECT\nAuthorization:Bearer a\\cb\n\n\0', MAX);
    expect(connect!.headers.Authorization).toBe('Bearer a\\cb');
  });

  it.each([
    ['not STOMP', 'GET / HTTP/1.1\r\n\r\n'],
    ['unknown command', 'BEGIN\ntransaction:1\n\n\0'],
    ['lower-case command', 'send\n\n\0'],
    ['no NUL', 'SEND\ndestination:/x\n\nbody'],
    ['no blank line', 'SEND\ndestination:/x'],
    ['header without colon', 'SEND\ndestination\n\n\0'],
    ['bad escape', 'SEND\na:\\t\n\n\0'],
    ['bad content-length', 'SEND\ncontent-length:x\n\n\0'],
    ['content-length past the NUL', 'SEND\ncontent-length:10\n\nab\0'],
    ['binary garbage', Buffer.from([0xff, 0xfe, 0x00, 0x01])],
  ])('refuses %s', (_, data) => {
    expect(() => parseFrames(data, MAX)).toThrow(StompParseError);
  });

  it('refuses a frame larger than the limit, by body or by headers', () => {
    const big = 'x'.repeat(200);
    expect(() => parseFrames(`SEND\ndestination:/app/sendOnly\n\n${big}\0`, 100)).toThrow('zu groß');
    expect(() => parseFrames(`SEND\ndestination:/app/sendOnly\ncontent-length:200\n\n${big}\0`, 100)).toThrow(
      'zu groß',
    );
    expect(() => parseFrames(`SEND\nh:${big}\n\n\0`, 100)).toThrow('zu groß');
    expect(parseFrames(`SEND\n\n${'x'.repeat(90)}\0`, 100)).toHaveLength(1);
  });

  it('serializes with escaping and content-length, round trip', () => {
    const text = serializeFrame({
      command: 'MESSAGE',
      headers: { destination: '/topic/private/1', 'x:y': 'a\nb\\c' },
      body: '{"ä":1}',
    });
    expect(text).toContain('x\\cy:a\\nb\\\\c\n');
    expect(text).toContain(`content-length:${Buffer.byteLength('{"ä":1}')}\n`);
    expect(text.endsWith('\0')).toBe(true);
    const connected = serializeFrame({
      command: 'CONNECTED',
      headers: { version: '1.2', 'heart-beat': '4000,4000' },
      body: '',
    });
    expect(connected).toBe('CONNECTED\nversion:1.2\nheart-beat:4000,4000\n\n\0');
  });

  it('negotiates heart-beats', () => {
    const server = { sx: 4000, sy: 4000 };
    expect(negotiateHeartbeat('4000,4000', server)).toEqual({ outgoing: 4000, incoming: 4000 });
    expect(negotiateHeartbeat('10000,1000', server)).toEqual({ outgoing: 4000, incoming: 10000 });
    expect(negotiateHeartbeat('0,0', server)).toEqual({ outgoing: 0, incoming: 0 });
    expect(negotiateHeartbeat(undefined, server)).toEqual({ outgoing: 0, incoming: 0 });
    expect(negotiateHeartbeat('junk', server)).toEqual({ outgoing: 0, incoming: 0 });
  });
});
