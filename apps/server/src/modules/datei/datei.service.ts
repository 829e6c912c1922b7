import { uploadPruefungText } from '@dihs/contract/common/upload-pruefung';
import { DATEI_LIMITS, DATEI_TEXTS, DATEI_TYPEN, type Datei } from '@dihs/contract/datei';
import { fileTypeFromBuffer } from 'file-type';
import type { Database } from '../../db/client.ts';
import { uploadBefund } from '../../lib/active-content.ts';
import { HttpError } from '../../lib/http-error.ts';
import { reencodeImage, UnreadableImageError } from '../../lib/image.ts';
import type { ObjectStore } from '../../lib/object-store/object-store.ts';
import { checkedFilename } from '../../lib/upload-name.ts';
import { findDatei, insertDatei, listDateien } from './datei.repository.ts';

type Typ = keyof typeof DATEI_TYPEN;

/** Longer side of a stored image: page images and logos. */
const IMAGE_EDGE = 2400;

/** The served name: the original's letters, digits, dots, hyphens and underscores; the type's extension. */
export function pfadnameOf(dateiname: string, typ: Typ): string {
  const stamm = dateiname
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${stamm || 'datei'}.${DATEI_TYPEN[typ]}`;
}

const toDatei = (row: { id: number; dateiname: string; pfadname: string; beschreibung: string }): Datei => ({
  id: row.id,
  fileName: row.dateiname,
  description: row.beschreibung,
  url: `/api/files/${row.id}-${row.pfadname}`,
});

/** Where an upload's content lies in the object store. */
const objectKey = (id: number) => `datei/${id}`;

/**
 * Operator uploads: checked by content (type, active content, second formats); images re-encoded (no metadata, no
 * hidden payload); served publicly.
 */
export function createDateiService(db: Database, objects: ObjectStore) {
  return {
    /** `declaredType` (the part's Content-Type) must agree with the content; a PDF must carry no active content. */
    async upload(input: {
      data: Buffer;
      filename: string;
      beschreibung: string;
      declaredType?: string;
    }): Promise<Datei> {
      const dateiname = checkedFilename(input.filename, DATEI_LIMITS.dateiname, DATEI_TEXTS.dateinameUngueltig);
      if (input.data.length === 0) throw HttpError.badRequest(DATEI_TEXTS.dateiFehlt);
      const mime = (await fileTypeFromBuffer(input.data))?.mime;
      if (!mime || !(mime in DATEI_TYPEN)) throw HttpError.badRequest(DATEI_TEXTS.dateiTyp);
      const typ = mime as Typ;
      // served publicly from this origin: no active content in a PDF, no second format in any file (issue 31 item 3)
      const befund = uploadBefund(input.data, typ, input.declaredType);
      if (befund) throw HttpError.badRequest(uploadPruefungText(befund, typ));
      let inhalt = input.data;
      if (typ !== 'application/pdf') {
        try {
          inhalt = await reencodeImage(input.data, typ, IMAGE_EDGE);
        } catch (error) {
          if (error instanceof UnreadableImageError) throw HttpError.badRequest(DATEI_TEXTS.dateiUnlesbar);
          throw error;
        }
      }
      const row = await db.transaction(async (tx) => {
        const created = await insertDatei(tx, {
          dateiname,
          pfadname: pfadnameOf(dateiname, typ),
          beschreibung: input.beschreibung,
          mediaType: typ,
        });
        await objects.put(objectKey(created.id), inhalt, tx);
        return created;
      });
      return toDatei(row);
    },

    async list(): Promise<Datei[]> {
      return (await listDateien(db)).map(toDatei);
    },

    /** The file by its served name `{id}-{name}`; both parts must match. */
    async served(name: string): Promise<{ data: Buffer; mediaType: string; pfadname: string }> {
      const dash = name.indexOf('-');
      const row = await findDatei(db, Number(name.slice(0, dash)));
      if (!row || row.pfadname !== name.slice(dash + 1)) throw HttpError.notFound(DATEI_TEXTS.nichtGefunden);
      const data = await objects.get(objectKey(row.id));
      if (!data) throw HttpError.notFound(DATEI_TEXTS.nichtGefunden);
      return { data, mediaType: row.mediaType, pfadname: row.pfadname };
    },
  };
}
