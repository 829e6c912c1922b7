import type { Database, Transaction } from '../../db/client.ts';

/**
 * Where the contents of uploaded files live (prescriptions, encrypted above this layer; public operator uploads),
 * by a key the caller derives from its own row (`rezept/12`). Two implementations: PostgreSQL (the default: every
 * instance reads it, every backup holds it) and S3-compatible object storage (FILE_STORE=s3). The rows that describe
 * a file stay in the modules' tables; only the bytes move.
 */
export interface ObjectStore {
  /** Stores (or replaces) the bytes under the key. `tx`: the caller's transaction, where the store can join it. */
  put(key: string, data: Buffer, tx?: Transaction): Promise<void>;
  /**
   * The bytes, or null when no object has this key. `via`: the handle the caller reads through; inside an open
   * transaction it must be that transaction (the embedded database has one connection; db/transaction-scope.ts).
   */
  get(key: string, via?: Database | Transaction): Promise<Buffer | null>;
  /** Removes objects; a missing one is not an error (deletions are retried). */
  delete(keys: readonly string[], tx?: Transaction): Promise<void>;
  /** Every key under the prefix (erasure checks, tests). */
  list(prefix: string): Promise<string[]>;
}

/** Keys are made by the modules from their ids: a folder and an id, nothing that could leave the prefix. */
const KEY_SHAPE = /^[a-z]+\/[0-9]+$/;

export function checkedObjectKey(key: string): string {
  if (!KEY_SHAPE.test(key)) throw new Error('Ungültiger Objektschlüssel');
  return key;
}
