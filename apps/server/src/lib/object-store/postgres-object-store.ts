import { asc, like, or } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { checkedObjectKey, type ObjectStore } from './object-store.ts';
import { objekte } from './object-store.table.ts';

/**
 * Bytes per row. A content is written as rows of at most this size, each in its own statement: the embedded
 * PGlite keeps the memory one statement needed (its WebAssembly heap never shrinks), and one 4 MB bytea statement
 * grew it by about 250 MB; 256 KiB statements keep that small. On a database server it costs a few more round trips.
 */
const PART_BYTES = 256 * 1024;

/** The row of part `n` of an object: `{key}:{n}`, zero-padded so that text order is part order. */
const partPath = (key: string, n: number) => `${key}:${String(n).padStart(5, '0')}`;
const partsOf = (key: string) => like(objekte.pfad, `${key}:%`);

/**
 * Contents in the table ablage_objekt, in parts. Joins the caller's transaction when given one, so a file and its
 * row are written and deleted together.
 */
export function createPostgresObjectStore(db: Database): ObjectStore {
  async function write(tx: Transaction, key: string, data: Buffer) {
    await tx.delete(objekte).where(partsOf(key));
    for (let n = 0, at = 0; n === 0 || at < data.length; n++, at += PART_BYTES) {
      await tx.insert(objekte).values({ pfad: partPath(key, n), inhalt: data.subarray(at, at + PART_BYTES) });
    }
  }

  return {
    async put(key, data, tx) {
      checkedObjectKey(key);
      if (tx) await write(tx, key, data);
      else await db.transaction((own) => write(own, key, data));
    },
    async get(key, via) {
      const rows = await (via ?? db)
        .select({ inhalt: objekte.inhalt })
        .from(objekte)
        .where(partsOf(checkedObjectKey(key)))
        .orderBy(asc(objekte.pfad));
      return rows.length === 0 ? null : Buffer.concat(rows.map((row) => row.inhalt));
    },
    async delete(keys, tx) {
      if (keys.length === 0) return;
      await (tx ?? db).delete(objekte).where(or(...keys.map((key) => partsOf(checkedObjectKey(key)))));
    },
    async list(prefix) {
      const rows = await db
        .select({ pfad: objekte.pfad })
        .from(objekte)
        .where(like(objekte.pfad, `${prefix.replace(/[\\%_]/g, '\\$&')}%`));
      return [...new Set(rows.map((row) => row.pfad.replace(/:\d+$/, '')))];
    },
  };
}
