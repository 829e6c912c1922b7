import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalFileStore, reencryptLocalFiles } from './file-store.ts';

const SECRET = 'file-store-test-secret-0123456789abcdef';

const newStore = () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dihs-files-'));
  return { dataDir, store: createLocalFileStore({ dataDir, secret: SECRET }) };
};
const allFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));

describe('local file store', () => {
  it('stores under {dataDir}/files, reads and deletes plain files', async () => {
    const { dataDir, store } = newStore();
    const key = await store.put(Buffer.from('Foto'));
    expect(allFiles(dataDir).every((file) => file.startsWith(path.join(dataDir, 'files')))).toBe(true);
    expect((await store.get(key))?.toString()).toBe('Foto');
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await store.delete(key);
  });

  it('keeps encrypted files unreadable on disk and readable through the store', async () => {
    const { dataDir, store } = newStore();
    const key = await store.put(Buffer.from('Rezept von Paula Patientin'), { encrypt: true });
    const [file] = allFiles(dataDir);
    expect(readFileSync(file!).toString('latin1')).not.toContain('Paula');
    expect((await store.get(key))?.toString()).toBe('Rezept von Paula Patientin');
    const other = createLocalFileStore({ dataDir, secret: `${SECRET}-anders` });
    await expect(other.get(key)).rejects.toThrow();
  });

  it('deletes many and leaves no temporary files', async () => {
    const { dataDir, store } = newStore();
    const keys = [await store.put(Buffer.from('a')), await store.put(Buffer.from('b'), { encrypt: true })];
    expect(new Set(keys).size).toBe(2);
    await store.deleteMany(keys);
    expect(allFiles(dataDir)).toEqual([]);
  });

  it('refuses keys that could leave the folder', async () => {
    const { store } = newStore();
    await expect(store.get('../../etc/passwd')).rejects.toThrow(/Dateischlüssel/);
    await expect(store.delete('/etc/passwd')).rejects.toThrow(/Dateischlüssel/);
  });

  describe('with previous server secrets (JWT_SECRETS_PREVIOUS)', () => {
    const OLD = 'file-store-old-secret-0123456789abcdefgh';

    it('reads a file of a previous secret, writes with the current one', async () => {
      const { dataDir } = newStore();
      const old = createLocalFileStore({ dataDir, secret: OLD });
      const key = await old.put(Buffer.from('Bild alt'), { encrypt: true });
      const store = createLocalFileStore({ dataDir, secret: SECRET, previousSecrets: [OLD] });
      expect((await store.get(key))?.toString()).toBe('Bild alt');
      const fresh = await store.put(Buffer.from('Bild neu'), { encrypt: true });
      expect((await createLocalFileStore({ dataDir, secret: SECRET }).get(fresh))?.toString()).toBe('Bild neu');
      await expect(old.get(fresh)).rejects.toThrow();
      await expect(createLocalFileStore({ dataDir, secret: SECRET }).get(key)).rejects.toThrow();
    });

    it('re-encrypts the files of previous secrets under the current one and counts what it cannot read', async () => {
      const { dataDir } = newStore();
      const oldKey = await createLocalFileStore({ dataDir, secret: OLD }).put(Buffer.from('alt'), { encrypt: true });
      const currentKey = await createLocalFileStore({ dataDir, secret: SECRET }).put(Buffer.from('neu'), {
        encrypt: true,
      });
      const plainKey = await createLocalFileStore({ dataDir, secret: OLD }).put(Buffer.from('offen'));
      const strangerKey = await createLocalFileStore({ dataDir, secret: `${SECRET}-fremd` }).put(Buffer.from('x'), {
        encrypt: true,
      });
      const secrets = { dataDir, secret: SECRET, previousSecrets: [OLD] };
      expect(await reencryptLocalFiles(secrets)).toEqual({ reencrypted: 1, current: 1, unreadable: [strangerKey] });
      const onlyCurrent = createLocalFileStore({ dataDir, secret: SECRET });
      expect((await onlyCurrent.get(oldKey))?.toString()).toBe('alt');
      expect((await onlyCurrent.get(currentKey))?.toString()).toBe('neu');
      expect((await onlyCurrent.get(plainKey))?.toString()).toBe('offen');
      // a second run finds nothing left to do, and no temporary file stays behind
      expect(await reencryptLocalFiles(secrets)).toEqual({ reencrypted: 0, current: 2, unreadable: [strangerKey] });
      expect(allFiles(dataDir).filter((file) => file.endsWith('.tmp'))).toEqual([]);
    });

    it('answers zero for a data folder without files', async () => {
      const { dataDir } = newStore();
      expect(await reencryptLocalFiles({ dataDir, secret: SECRET })).toEqual({
        reencrypted: 0,
        current: 0,
        unreadable: [],
      });
    });
  });
});
