import type { Config } from '../../config.ts';
import { masterKeyRing, type MasterKeyRing } from '../../lib/envelope.ts';
import type { ObjectStore } from '../../lib/object-store/object-store.ts';

let lastRing: MasterKeyRing | undefined;
let lastObjects: ObjectStore | undefined;

/** The master keys of the configuration as a ring (current plus previous versions). */
export function rezeptKeyRing(config: Pick<Config, 'fileMasterKeys'>): MasterKeyRing {
  lastRing = masterKeyRing(config.fileMasterKeys.current, config.fileMasterKeys.previous);
  return lastRing;
}

/**
 * The ring the app was built with. The self-service export receives only the database, so it reads the contents
 * with the ring the routes were registered with (one configuration per process).
 */
export function activeKeyRing(): MasterKeyRing {
  if (!lastRing) throw new Error('Rezepte: Hauptschlüssel noch nicht geladen');
  return lastRing;
}

/** Remembers the app's object store for erasure and export, which receive only the database (like the ring). */
export function rememberObjectStore(objects: ObjectStore): ObjectStore {
  lastObjects = objects;
  return objects;
}

export function activeObjectStore(): ObjectStore {
  if (!lastObjects) throw new Error('Rezepte: Dateiablage noch nicht geladen');
  return lastObjects;
}
