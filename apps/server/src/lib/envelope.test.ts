import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DecryptError, fileAad, masterKeyRing, open, rewrap, seal } from './envelope.ts';

const ring = masterKeyRing({ version: 1, key: randomBytes(32) });
const plain = Buffer.from('Rezept von Paula Patientin');

describe('envelope encryption', () => {
  it('opens what it sealed, and only with the same associated data', () => {
    const sealed = seal(ring, plain, fileAad('rezept', 1, 7));
    expect(sealed.inhalt.includes(plain)).toBe(false);
    expect(open(ring, sealed, fileAad('rezept', 1, 7)).equals(plain)).toBe(true);
    expect(() => open(ring, sealed, fileAad('rezept', 2, 7))).toThrow(DecryptError);
    expect(() => open(ring, sealed, fileAad('rezept', 1, 8))).toThrow(DecryptError);
  });

  it('uses a fresh data key per file', () => {
    const a = seal(ring, plain, fileAad('rezept', 1, 7));
    const b = seal(ring, plain, fileAad('rezept', 1, 7));
    expect(a.inhalt.equals(b.inhalt)).toBe(false);
    expect(a.schluessel.equals(b.schluessel)).toBe(false);
  });

  it('re-wraps under a new master key without touching the content', () => {
    const aad = fileAad('rezept', 3, 9);
    const sealed = seal(ring, plain, aad);
    const next = masterKeyRing({ version: 2, key: randomBytes(32) }, [ring.current]);
    const wrapped = rewrap(next, sealed, aad);
    expect(wrapped.schluesselVersion).toBe(2);
    const moved = { ...sealed, ...wrapped };
    expect(open(masterKeyRing({ version: 2, key: next.current.key }), moved, aad).equals(plain)).toBe(true);
    // the old key alone no longer opens it
    expect(() => open(ring, moved, aad)).toThrow(DecryptError);
  });

  it('refuses master keys of the wrong length', () => {
    expect(() => masterKeyRing({ version: 1, key: randomBytes(16) })).toThrow(/32 Bytes/);
  });
});
