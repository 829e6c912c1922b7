import { getTableColumns, getTableName, type Table } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { FileStore } from './file-store.ts';

/** A stored file inside an exported row (docs/datenexport.md): its bytes, decrypted, as base64. */
export interface ExportedFile {
  name: string;
  /** The media type by the file's content (magic bytes), never by a stored name. */
  type: string;
  base64: string;
}

/**
 * The table's columns without the named ones, for a select: secrets (password hashes, TOTP secrets, code hashes,
 * payment capabilities) never enter the self-service export, which the patient may hand to any tool.
 */
export function columnsWithout<T extends Table, K extends keyof T['_']['columns'] & string>(
  table: T,
  ...omit: K[]
): Omit<T['_']['columns'], K> {
  const left: readonly string[] = omit;
  return Object.fromEntries(Object.entries(getTableColumns(table)).filter(([name]) => !left.includes(name))) as Omit<
    T['_']['columns'],
    K
  >;
}

/** The export's key of a table: its SQL name, so the coverage test and the schema document name the same thing. */
export const exportKey = (table: Table): string => getTableName(table);

/** A stored file for the export, named `<baseName>.<extension by content>`; null when the store has no such file. */
export async function exportedFile(files: FileStore, key: string, baseName: string): Promise<ExportedFile | null> {
  const data = await files.get(key);
  if (!data) return null;
  const detected = await fileTypeFromBuffer(data);
  return {
    name: detected ? `${baseName}.${detected.ext}` : baseName,
    type: detected?.mime ?? 'application/octet-stream',
    base64: data.toString('base64'),
  };
}
