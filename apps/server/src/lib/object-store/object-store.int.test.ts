import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { startTestS3, type TestS3 } from '../../test/s3-server.ts';
import { configuredObjectStore } from './configured-object-store.ts';
import type { ObjectStore } from './object-store.ts';

let s3: TestS3;
const stores: Record<string, { store: ObjectStore; close(): void }> = {};

beforeAll(async () => {
  s3 = await startTestS3();
  const database = await createTestDatabase();
  const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATABASE_URL: database.url };
  stores.postgres = configuredObjectStore(loadConfig(base), database.handle.db);
  stores.s3 = configuredObjectStore(loadConfig({ ...base, ...s3.env }), database.handle.db);
});
afterAll(async () => {
  for (const entry of Object.values(stores)) entry.close();
  await s3.close();
});

describe.each(['postgres', 's3'])('object store on %s', (kind) => {
  const store = () => stores[kind]!.store;

  it('stores, replaces, lists and deletes by key; a missing key is null and deleting it is no error', async () => {
    const data = Buffer.from([0, 1, 2, 255, 254]);
    await store().put('probe/1', data);
    await store().put('probe/2', Buffer.from('zwei'));
    expect((await store().get('probe/1'))?.equals(data)).toBe(true);
    await store().put('probe/2', Buffer.from('neu'));
    expect((await store().get('probe/2'))?.toString()).toBe('neu');
    expect((await store().list('probe/')).sort()).toEqual(['probe/1', 'probe/2']);
    await store().delete(['probe/1', 'probe/2', 'probe/3']);
    expect(await store().get('probe/1')).toBeNull();
    expect(await store().list('probe/')).toEqual([]);
  });

  it('keeps a content larger than one stored part whole and in order, and replaces it by a smaller one', async () => {
    const large = randomBytes(600 * 1024 + 7);
    await store().put('gross/1', large);
    await store().put('gross/10', Buffer.from('nachbar'));
    expect((await store().get('gross/1'))?.equals(large)).toBe(true);
    await store().put('gross/1', Buffer.from('klein'));
    expect((await store().get('gross/1'))?.toString()).toBe('klein');
    expect((await store().list('gross/')).sort()).toEqual(['gross/1', 'gross/10']);
    await store().delete(['gross/1']);
    expect((await store().get('gross/10'))?.toString()).toBe('nachbar');
  });

  it('refuses keys that are not a folder and an id', async () => {
    for (const key of ['../etc/passwd', 'probe/1/../../x', 'probe/', 'Probe/1']) {
      await expect(store().put(key, Buffer.from('x'))).rejects.toThrow('Ungültiger Objektschlüssel');
    }
  });
});
