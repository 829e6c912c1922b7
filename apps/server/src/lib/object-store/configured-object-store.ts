import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { ObjectStore } from './object-store.ts';
import { createPostgresObjectStore } from './postgres-object-store.ts';
import { createS3ObjectStore } from './s3-object-store.ts';

/** The object store the configuration names (FILE_STORE), with what closes it when the app closes. */
export function configuredObjectStore(
  config: Pick<Config, 'fileStore'>,
  db: Database,
): { store: ObjectStore; close(): void } {
  if (config.fileStore.kind === 's3') {
    const store = createS3ObjectStore(config.fileStore);
    return { store, close: () => store.close() };
  }
  return { store: createPostgresObjectStore(db), close: () => undefined };
}
