import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalFileStore } from './file-store.ts';

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
});
