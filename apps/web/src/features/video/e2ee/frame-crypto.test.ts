import { describe, expect, it } from 'vitest';
import { decryptFrame, encryptFrame, frameIv, UNENCRYPTED_BYTES, type FrameKind } from './frame-crypto.ts';
import { generateSenderKey } from './key-agreement.ts';

/** A frame with recognisable bytes: 0, 1, 2, … */
const frame = (length: number) => Uint8Array.from({ length }, (_, i) => i % 256).buffer;

const keyOf = (key: CryptoKey) => (id: number) => (id === 5 ? key : undefined);

describe('frame encryption', () => {
  it('builds the IV from SSRC, RTP timestamp and counter', () => {
    expect(Array.from(frameIv(0x01020304, 0xa0b0c0d0, 0xffffffff))).toEqual([
      1, 2, 3, 4, 0xa0, 0xb0, 0xc0, 0xd0, 0xff, 0xff, 0xff, 0xff,
    ]);
  });

  it.each<[FrameKind, number]>([
    ['key', 10],
    ['delta', 3],
    ['audio', 1],
  ])('keeps the first bytes of a %s frame readable (%i) and encrypts the rest', async (kind, header) => {
    expect(UNENCRYPTED_BYTES[kind]).toBe(header);
    const senderKey = await generateSenderKey(5);
    const plain = frame(300);
    const sealed = new Uint8Array(await encryptFrame(plain, kind, senderKey, frameIv(1, 2, 3)));

    expect(sealed.length).toBe(300 + 16 + 12 + 1);
    expect(sealed.subarray(0, header)).toEqual(new Uint8Array(plain, 0, header));
    // the payload after the header is not there in clear
    expect(sealed.subarray(header, header + 16)).not.toEqual(new Uint8Array(plain, header, 16));
    expect(sealed.subarray(sealed.length - 13, sealed.length - 1)).toEqual(frameIv(1, 2, 3));
    expect(sealed[sealed.length - 1]).toBe(5);

    const opened = await decryptFrame(sealed.buffer, kind, keyOf(senderKey.key));
    expect(opened && new Uint8Array(opened)).toEqual(new Uint8Array(plain));
  });

  it('drops what does not decrypt: another key, an unknown key id, a changed header or body, a plain frame', async () => {
    const senderKey = await generateSenderKey(5);
    const other = await generateSenderKey(5);
    const sealed = new Uint8Array(await encryptFrame(frame(200), 'delta', senderKey, frameIv(9, 9, 9)));
    const copy = () => new Uint8Array(sealed).buffer;

    expect(await decryptFrame(copy(), 'delta', keyOf(other.key))).toBeNull();
    expect(await decryptFrame(copy(), 'delta', () => undefined)).toBeNull();

    const header = new Uint8Array(copy());
    header[1] = header[1]! ^ 0x80;
    expect(await decryptFrame(header.buffer, 'delta', keyOf(senderKey.key))).toBeNull();
    const body = new Uint8Array(copy());
    body[50] = body[50]! ^ 1;
    expect(await decryptFrame(body.buffer, 'delta', keyOf(senderKey.key))).toBeNull();
    // the header length belongs to the frame type: read as a key frame, the authenticated header differs
    expect(await decryptFrame(copy(), 'key', keyOf(senderKey.key))).toBeNull();

    expect(await decryptFrame(frame(200), 'delta', keyOf(senderKey.key))).toBeNull();
    expect(await decryptFrame(frame(20), 'delta', keyOf(senderKey.key))).toBeNull();
    expect(await decryptFrame(copy(), 'delta', keyOf(senderKey.key))).not.toBeNull();
  });

  it('encrypts each frame differently even with equal content (the IV changes with the counter)', async () => {
    const senderKey = await generateSenderKey(5);
    const a = new Uint8Array(await encryptFrame(frame(64), 'audio', senderKey, frameIv(1, 100, 1)));
    const b = new Uint8Array(await encryptFrame(frame(64), 'audio', senderKey, frameIv(1, 100, 2)));
    expect(a.subarray(1, 64)).not.toEqual(b.subarray(1, 64));
  });
});
