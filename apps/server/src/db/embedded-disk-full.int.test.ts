import { spawnSync } from 'node:child_process';
import { createCipheriv } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@dihs/contract/common/errors';
import { MESSAGES } from '@dihs/contract/common/messages';
import { healthEndpoints } from '@dihs/contract/health';
import { rezeptEndpoints, type Rezept } from '@dihs/contract/rezept';
import { injectEndpoint } from '../test/inject-endpoint.ts';
import { uploadRezept } from '../test/rezept-upload.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createTestDatabase, testDatabaseKind } from '../test/test-database.ts';

// Issue 29, "the database file full": the embedded database on a file system of its own that runs full. A small
// tmpfs needs root (as the machines of this project and CI run); elsewhere the file is skipped and says so.

const mountPoint = mkdtempSync(path.join(tmpdir(), 'dihs-disk-full-'));
const mounted =
  testDatabaseKind() === 'pglite' &&
  spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', mountPoint]).status === 0;
const filler = path.join(mountPoint, 'filler');

let t: TestApp;
let patient: string;
beforeAll(async () => {
  if (!mounted) return;
  const database = await createTestDatabase({ embeddedDir: path.join(mountPoint, 'pg') });
  t = await createTestApp({}, { database });
  patient = await t.bearer('patient@demo.de');
});
afterAll(async () => {
  await t?.close();
  if (mounted) spawnSync('umount', [mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

/**
 * A PDF with a stream of bytes that do not compress, so storing it must take new pages. The bytes are an AES-CTR key
 * stream with a fixed key: the same in every run, so the upload's content check (markers of active content and of a
 * second format, lib/active-content.ts) sees the same file each time instead of a rare chance match.
 */
const incompressible = (sizeBytes: number) =>
  Buffer.concat([
    Buffer.from(`1 0 obj\n<< /Length ${sizeBytes} >>\nstream\n`),
    createCipheriv('aes-128-ctr', Buffer.alloc(16, 7), Buffer.alloc(16)).update(Buffer.alloc(sizeBytes)),
    Buffer.from('\nendstream\nendobj'),
  ]);
const upload = (sizeBytes: number) =>
  uploadRezept(t.app, patient, { pdfBody: incompressible(sizeBytes), filename: 'gross.pdf', description: 'Groß' });

const mine = async () =>
  (await injectEndpoint(t.app, rezeptEndpoints.eigene, { authorization: patient })).json<Rezept[]>();

describe.runIf(mounted)('the embedded database on a full disk', () => {
  it('answers 503 in German, stores nothing, keeps reading, and writes again once there is space', async () => {
    const before = (await mine()).length;
    // fill what is left of the file system
    spawnSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=1M', 'count=128']);
    const refused = await upload(2 * 1024 * 1024);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ message: MESSAGES.datenbankSpeicher, code: ERROR_CODES.databaseStorage });
    expect((await mine()).length).toBe(before);
    expect((await injectEndpoint(t.app, healthEndpoints.health)).statusCode).toBe(200);

    writeFileSync(filler, '');
    const stored = await upload(2 * 1024 * 1024);
    expect(stored.statusCode).toBe(200);
    expect((await mine()).length).toBe(before + 1);
  });
});
