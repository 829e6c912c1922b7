import { describe, expect, it } from 'vitest';
import {
  deriveWrappingKey,
  exportPublicKey,
  fromBase64,
  generateKeyPair,
  generateSenderKey,
  toBase64,
  unwrapSenderKey,
  wrapSenderKey,
} from './key-agreement.ts';

const ALICE = 11;
const BOB = 22;
const EVE = 33;

async function participant() {
  const pair = await generateKeyPair();
  return { pair, publicKey: await exportPublicKey(pair) };
}

describe('key agreement', () => {
  it('exports the public key as a raw P-256 point and keeps the private key unexportable', async () => {
    const { pair, publicKey } = await participant();
    const raw = fromBase64(publicKey);
    expect(raw).toHaveLength(65);
    expect(raw[0]).toBe(4); // uncompressed point
    expect(pair.privateKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('pkcs8', pair.privateKey)).rejects.toThrow();
  });

  it('both sides derive the same wrapping key: what one wraps the other unwraps to the same key', async () => {
    const alice = await participant();
    const bob = await participant();
    const aliceWraps = await deriveWrappingKey(alice.pair, bob.publicKey, ALICE, BOB);
    const bobUnwraps = await deriveWrappingKey(bob.pair, alice.publicKey, BOB, ALICE);
    const senderKey = await generateSenderKey(7);
    const payload = await wrapSenderKey(senderKey, aliceWraps, ALICE, BOB);

    const received = await unwrapSenderKey(payload, bobUnwraps, ALICE, BOB);
    expect(received.id).toBe(7);
    const plain = new TextEncoder().encode('Bildinhalt');
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, senderKey.key, plain);
    const opened = await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, received.key, sealed);
    expect(new TextDecoder().decode(opened)).toBe('Bildinhalt');
  });

  it('never carries the sender key in clear, and the wrapped payload fits the relay bound', async () => {
    const alice = await participant();
    const bob = await participant();
    const senderKey = await generateSenderKey(1);
    const raw = new Uint8Array(await crypto.subtle.exportKey('raw', senderKey.key));
    const payload = await wrapSenderKey(
      senderKey,
      await deriveWrappingKey(alice.pair, bob.publicKey, ALICE, BOB),
      ALICE,
      BOB,
    );
    const bytes = fromBase64(payload);
    expect(bytes.length).toBe(1 + 12 + 32 + 16);
    expect(toBase64(bytes)).toBe(payload);
    // no 8-byte run of the key shows up anywhere in the payload
    const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
    for (let i = 0; i + 8 <= raw.length; i++) expect(hex(bytes)).not.toContain(hex(raw.subarray(i, i + 8)));
    expect(payload.length).toBeLessThanOrEqual(256);
  });

  it('a third party, a changed payload, another direction or another key id cannot unwrap', async () => {
    const alice = await participant();
    const bob = await participant();
    const eve = await participant();
    const aliceToBob = await deriveWrappingKey(alice.pair, bob.publicKey, ALICE, BOB);
    const bobFromAlice = await deriveWrappingKey(bob.pair, alice.publicKey, BOB, ALICE);
    const payload = await wrapSenderKey(await generateSenderKey(3), aliceToBob, ALICE, BOB);

    // Eve holds Alice's public key but not Bob's private key
    const eveWithAlice = await deriveWrappingKey(eve.pair, alice.publicKey, EVE, ALICE);
    await expect(unwrapSenderKey(payload, eveWithAlice, ALICE, EVE)).rejects.toThrow();
    await expect(unwrapSenderKey(payload, eveWithAlice, ALICE, BOB)).rejects.toThrow();

    const changed = fromBase64(payload);
    changed[20] = changed[20]! ^ 1;
    await expect(unwrapSenderKey(toBase64(changed), bobFromAlice, ALICE, BOB)).rejects.toThrow();

    // reflected back as if Bob had sent it, or passed off under another key id
    await expect(unwrapSenderKey(payload, bobFromAlice, BOB, ALICE)).rejects.toThrow();
    const renumbered = fromBase64(payload);
    renumbered[0] = 4;
    await expect(unwrapSenderKey(toBase64(renumbered), bobFromAlice, ALICE, BOB)).rejects.toThrow();

    await expect(unwrapSenderKey(payload.slice(0, 40), bobFromAlice, ALICE, BOB)).rejects.toThrow();
    await expect(unwrapSenderKey(payload, bobFromAlice, ALICE, BOB)).resolves.toMatchObject({ id: 3 });
  });

  it('refuses a public key that is not a point on the curve', async () => {
    const alice = await participant();
    const bogus = new Uint8Array(65);
    bogus[0] = 4;
    bogus.fill(7, 1);
    await expect(deriveWrappingKey(alice.pair, toBase64(bogus), ALICE, BOB)).rejects.toThrow();
  });
});
