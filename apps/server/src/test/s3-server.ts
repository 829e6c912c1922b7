import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  /** The environment that points the app at this server (FILE_STORE=s3 and the S3_* variables). */
  env: Record<string, string>;
  /** Every stored file of the server's directory, raw: what an attacker with the bucket's disk would read. */
  rawFiles(): Buffer[];
  close(): Promise<void>;
}

/** A local S3-protocol server (s3rver, files in a temporary directory) with the bucket `dihs`, on a free port. */
export async function startTestS3(): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'dihs-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: 'dihs' }],
  });
  const { port } = (await server.run()) as { port: number };
  const rawFiles = (dir = directory): Buffer[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? rawFiles(file) : [readFileSync(file)];
    });
  return {
    env: {
      FILE_STORE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'dihs',
      S3_REGION: 'eu-central-1',
      // s3rver's fixed test credentials
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    rawFiles: () => rawFiles(),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
