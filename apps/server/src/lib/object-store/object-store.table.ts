import { customType, pgTable, text } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The PostgreSQL implementation of the object store (postgres-object-store.ts): file contents by key, in parts of
 * at most 256 KiB (`pfad` = `{key}:{part}`). Its own table, so the modules' lists never load contents, and the S3
 * implementation needs no change of the modules' tables.
 */
export const objekte = pgTable('ablage_objekt', {
  pfad: text('pfad').primaryKey(),
  inhalt: bytea('inhalt').notNull(),
});
