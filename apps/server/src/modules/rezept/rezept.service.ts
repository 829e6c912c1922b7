import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@dihs/contract/common/errors';
import {
  REZEPT_GELOESCHT_TEXT,
  REZEPT_LIMITS,
  REZEPT_OFFEN,
  REZEPT_TEXTS,
  REZEPT_TYPEN,
  type Rezept,
  type RezeptFilter,
  type RezeptSeite,
  type RezeptGutschrift,
  type RezeptStatus,
  type RezeptTyp,
} from '@dihs/contract/rezept';
import { uploadPruefungText } from '@dihs/contract/common/upload-pruefung';
import { fileTypeFromBuffer } from 'file-type';
import type { Database, Transaction } from '../../db/client.ts';
import { uploadBefund } from '../../lib/active-content.ts';
import { DecryptError, fileAad, open, rewrap, seal, type MasterKeyRing } from '../../lib/envelope.ts';
import { HttpError } from '../../lib/http-error.ts';
import { reencodeImage, UnreadableImageError } from '../../lib/image.ts';
import type { ObjectStore } from '../../lib/object-store/object-store.ts';
import { checkedFilename } from '../../lib/upload-name.ts';
import { addLedgerEntries, InsufficientCreditError, reverseReference, type CreditKind } from '../guthaben/index.ts';
import { findUserById } from '../users/index.ts';
import {
  deleteInhalt,
  findInhalt,
  findRezept,
  insertInhalt,
  insertRezept,
  keysNotAtVersion,
  listAll,
  listOfPatient,
  lockRezept,
  updateKey,
  updateRezept,
} from './rezept.repository.ts';
import type { RezeptRow } from './rezept.table.ts';

/** The associated data of a prescription's content: its id and its patient. */
export const rezeptAad = (row: Pick<RezeptRow, 'id' | 'patientUserId'>) => fileAad('rezept', row.id, row.patientUserId);

/** Where a prescription's encrypted content lies in the object store. */
export const rezeptObjectKey = (id: number) => `rezept/${id}`;

/** The ledger reference of a prescription's credit. */
const reference = (id: number) => `rezept:${id}`;

const GUTSCHRIFT_SPALTEN: Record<keyof RezeptGutschrift, CreditKind> = {
  rezeptEinzelTermin: 'rezeptEinzelTermin',
  rezeptGruppenTermin: 'rezeptGruppenTermin',
  rezeptBefundTermin: 'rezeptBefundTermin',
};

/** Longer side of a stored prescription image: a scanned page stays legible, a 50-megapixel photo shrinks. */
const IMAGE_EDGE = 3000;

export const toRezept = (row: RezeptRow): Rezept => ({
  id: row.id,
  originalFilename: row.originalFilename,
  anmerkung: row.anmerkung,
  status: row.status,
  eingereicht: row.eingereicht.toISOString(),
  gebucht: row.gebucht ? row.gebucht.toISOString() : null,
  patientId: row.patientUserId,
  gutschrift: {
    rezeptEinzelTermin: row.gutschriftEinzel,
    rezeptGruppenTermin: row.gutschriftGruppe,
    rezeptBefundTermin: row.gutschriftBefund,
  },
});

/** The media type by the first bytes (file-type); anything but PDF, PNG and JPEG is refused. */
export async function checkedType(data: Buffer): Promise<RezeptTyp> {
  const found = await fileTypeFromBuffer(data);
  const mime = found?.mime;
  if (!mime || !(mime in REZEPT_TYPEN)) throw HttpError.badRequest(REZEPT_TEXTS.dateiTyp);
  return mime as RezeptTyp;
}

/** Images are decoded and encoded again (no metadata, no hidden payload); a PDF is kept as it is. */
async function cleaned(data: Buffer, type: RezeptTyp): Promise<Buffer> {
  if (type === 'application/pdf') return data;
  try {
    return await reencodeImage(data, type, IMAGE_EDGE);
  } catch (error) {
    if (error instanceof UnreadableImageError) throw HttpError.badRequest(REZEPT_TEXTS.dateiUnlesbar);
    throw error;
  }
}

export interface RezeptDeps {
  db: Database;
  ring: MasterKeyRing;
  /** The encrypted contents (PostgreSQL or S3); only ciphertext reaches it. */
  objects: ObjectStore;
  now: () => Date;
}

export interface RezeptFile {
  data: Buffer;
  mediaType: string;
  filename: string;
}

/** Prescriptions: upload, lists, downloads, status machine and credit (health data: contents never logged). */
export function createRezeptService({ db, ring, objects, now }: RezeptDeps) {
  async function changeInTransaction(
    id: number,
    change: (tx: Transaction, row: RezeptRow) => Promise<RezeptRow>,
  ): Promise<RezeptRow> {
    // The caller was admitted before the handler ran, outside this transaction (the route's rule names the
    // prescription; rezept.module.ts resolves its patient). A prescription's patient never changes, so the row
    // locked here is the admitted patient's.
    return db.transaction(async (tx) => {
      const row = await lockRezept(tx, id);
      if (!row) throw HttpError.notFound(REZEPT_TEXTS.nichtGefunden);
      return change(tx, row);
    });
  }

  const refuse = (from: RezeptStatus, to: RezeptStatus) =>
    new HttpError(409, REZEPT_TEXTS.statusWechsel(from, to), ERROR_CODES.validation);

  /** Takes back the credit the prescription granted (what is spent becomes debt) and zeroes its columns. */
  async function takeBackCredit(tx: Transaction, row: RezeptRow, authorUserId: number, reason: string) {
    if (row.gutschriftEinzel + row.gutschriftGruppe + row.gutschriftBefund === 0) return;
    await reverseReference(tx, {
      patientUserId: row.patientUserId,
      reference: reference(row.id),
      reason,
      idempotencyKey: `${reference(row.id)}:zurueck:${randomUUID()}`,
      authorUserId,
    });
  }

  return {
    /**
     * Stores an uploaded prescription encrypted; answers it as the lists show it. `declaredType` is the part's
     * Content-Type: it must agree with the content (lib/active-content.ts); without it only the content counts.
     */
    async upload(
      patientUserId: number,
      input: { data: Buffer; filename: string; anmerkung: string; declaredType?: string },
    ): Promise<Rezept> {
      const filename = checkedFilename(input.filename, REZEPT_LIMITS.dateiname, REZEPT_TEXTS.dateinameUngueltig);
      if (input.data.length === 0) throw HttpError.badRequest(REZEPT_TEXTS.dateiFehlt);
      if (input.data.length > REZEPT_LIMITS.bytes) throw HttpError.badRequest(REZEPT_TEXTS.dateiZuGross);
      const type = await checkedType(input.data);
      // no active content in a PDF, no second format in any file (issue 31 item 3)
      const befund = uploadBefund(input.data, type, input.declaredType);
      if (befund) throw HttpError.badRequest(uploadPruefungText(befund, type));
      const content = await cleaned(input.data, type);
      const row = await db.transaction(async (tx) => {
        const created = await insertRezept(tx, {
          patientUserId,
          originalFilename: filename,
          mediaType: type,
          anmerkung: input.anmerkung,
        });
        const { inhalt, ...key } = seal(ring, content, rezeptAad(created));
        // in the transaction on PostgreSQL; on S3 before the commit, so no committed row lacks its object
        await objects.put(rezeptObjectKey(created.id), inhalt, tx);
        await insertInhalt(tx, created.id, key);
        return created;
      });
      return toRezept(row);
    },

    async own(patientUserId: number): Promise<Rezept[]> {
      return (await listOfPatient(db, patientUserId)).map(toRezept);
    },

    /** One patient's prescriptions for a therapist (in care) or an operator (admitted by the route's rule). */
    async ofPatient(patientUserId: number): Promise<Rezept[]> {
      const patient = await findUserById(db, patientUserId);
      if (!patient || patient.role !== 'PATIENT' || patient.deletedAt) {
        throw HttpError.notFound(REZEPT_TEXTS.patientNichtGefunden);
      }
      return (await listOfPatient(db, patientUserId)).map(toRezept);
    },

    async all(filter: RezeptFilter, { page, size }: { page: number; size: number }): Promise<RezeptSeite> {
      const { rows, total, capped } = await listAll(db, filter === 'ALL' ? null : filter, page, size);
      return { rezepte: rows.map(toRezept), gesamt: total, gesamtGekappt: capped };
    },

    /**
     * The decrypted file (the route's rule admitted the caller to its patient first). A deleted prescription has no
     * file any more (404).
     */
    async file(id: number): Promise<RezeptFile> {
      const row = await findRezept(db, id);
      if (!row) throw HttpError.notFound(REZEPT_TEXTS.nichtGefunden);
      const key = row.status === 'GELOESCHT' ? undefined : await findInhalt(db, id);
      const inhalt = key ? await objects.get(rezeptObjectKey(id)) : null;
      if (!key || !inhalt) throw HttpError.notFound(REZEPT_TEXTS.geloescht);
      let data: Buffer;
      try {
        data = open(ring, { ...key, inhalt }, rezeptAad(row));
      } catch (error) {
        // a content that does not open is damaged or was moved: answered as missing, never as its bytes
        if (error instanceof DecryptError) throw HttpError.notFound(REZEPT_TEXTS.nichtGefunden);
        throw error;
      }
      return { data, mediaType: row.mediaType, filename: row.originalFilename };
    },

    /**
     * One status change, atomic under the row lock; answers the new status. INBEARBEITUNG: from NEU (again from
     * INBEARBEITUNG changes nothing). ABGERECHNET, ABGELEHNT: only from NEU or INBEARBEITUNG; a rejection takes the
     * prescription's credit back. GELOESCHT: from every other status; removes the content, blanks name and note,
     * and takes back the credit of a prescription that was never billed.
     */
    async setStatus(operatorUserId: number, id: number, target: RezeptStatus): Promise<RezeptStatus> {
      const row = await changeInTransaction(id, async (tx, current) => {
        const from = current.status;
        switch (target) {
          case 'INBEARBEITUNG':
            if (from === 'INBEARBEITUNG') return current;
            if (from !== 'NEU') throw refuse(from, target);
            return updateRezept(tx, id, { status: target });
          case 'ABGERECHNET':
            if (!REZEPT_OFFEN.includes(from)) throw refuse(from, target);
            return updateRezept(tx, id, { status: target });
          case 'ABGELEHNT':
            if (!REZEPT_OFFEN.includes(from)) throw refuse(from, target);
            await takeBackCredit(tx, current, operatorUserId, 'Rezept abgelehnt');
            return updateRezept(tx, id, {
              status: target,
              gutschriftEinzel: 0,
              gutschriftGruppe: 0,
              gutschriftBefund: 0,
            });
          case 'GELOESCHT': {
            if (from === 'GELOESCHT') throw refuse(from, target);
            const billed = from === 'ABGERECHNET';
            if (!billed) await takeBackCredit(tx, current, operatorUserId, 'Rezept gelöscht');
            await deleteInhalt(tx, id);
            await objects.delete([rezeptObjectKey(id)], tx);
            return updateRezept(tx, id, {
              status: target,
              originalFilename: REZEPT_GELOESCHT_TEXT,
              anmerkung: REZEPT_GELOESCHT_TEXT,
              ...(billed ? {} : { gutschriftEinzel: 0, gutschriftGruppe: 0, gutschriftBefund: 0 }),
            });
          }
          default:
            throw refuse(from, target);
        }
      });
      return row.status;
    },

    /**
     * Sets the credit this prescription grants: the difference to what it granted so far is booked in the ledger,
     * and the status becomes INBEARBEITUNG, in one transaction. Only while the prescription is open.
     */
    async setGutschrift(operatorUserId: number, id: number, gutschrift: RezeptGutschrift): Promise<Rezept> {
      const row = await changeInTransaction(id, async (tx, current) => {
        if (!REZEPT_OFFEN.includes(current.status)) throw refuse(current.status, 'INBEARBEITUNG');
        const before: RezeptGutschrift = toRezept(current).gutschrift;
        const changeId = randomUUID();
        const entries = (Object.keys(GUTSCHRIFT_SPALTEN) as (keyof RezeptGutschrift)[])
          .filter((field) => gutschrift[field] !== before[field])
          .map((field) => ({
            patientUserId: current.patientUserId,
            kind: GUTSCHRIFT_SPALTEN[field],
            delta: gutschrift[field] - before[field],
            reason: 'Guthaben aus Rezept',
            reference: reference(id),
            idempotencyKey: `${reference(id)}:gutschrift:${changeId}`,
            authorUserId: operatorUserId,
          }));
        try {
          await addLedgerEntries(tx, entries);
        } catch (error) {
          if (error instanceof InsufficientCreditError)
            throw new HttpError(409, REZEPT_TEXTS.gutschriftVerbraucht, ERROR_CODES.validation);
          throw error;
        }
        return updateRezept(tx, id, {
          status: 'INBEARBEITUNG',
          gutschriftEinzel: gutschrift.rezeptEinzelTermin,
          gutschriftGruppe: gutschrift.rezeptGruppenTermin,
          gutschriftBefund: gutschrift.rezeptBefundTermin,
          ...(entries.length > 0 ? { gebucht: now() } : {}),
        });
      });
      return toRezept(row);
    },
  };
}

export type RezeptService = ReturnType<typeof createRezeptService>;

/**
 * Master-key rotation: wraps every data key that is not under the current master key again, in batches, without
 * touching contents. A key that does not open (damaged row) is left as it is and counted. Safe while the server
 * serves (row locks).
 */
export async function rewrapAll(
  db: Database,
  ring: MasterKeyRing,
  batch = 100,
): Promise<{ rewrapped: number; damaged: number }> {
  const result = { rewrapped: 0, damaged: 0 };
  let afterId = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const rows = await keysNotAtVersion(tx, ring.current.version, afterId, batch);
      for (const row of rows) {
        afterId = row.rezeptId;
        const aad = rezeptAad({ id: row.rezeptId, patientUserId: row.patientUserId });
        try {
          await updateKey(tx, row.rezeptId, rewrap(ring, row, aad));
          result.rewrapped++;
        } catch (error) {
          if (!(error instanceof DecryptError)) throw error;
          result.damaged++;
        }
      }
      return rows.length;
    });
    if (count < batch) return result;
  }
}
