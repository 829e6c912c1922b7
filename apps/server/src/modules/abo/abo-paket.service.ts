import { ABO_TEXTS, type AboPaket, type AboPaketFields } from '@dihs/contract/abo';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { findPaket, insertPaket, listPakete, listStandardPakete, updatePaket } from './abo.repository.ts';
import type { AboPaketRow } from './abo.table.ts';

/** A package row as the API answers it. */
export const toAboPaket = ({ id, ...fields }: AboPaketRow): AboPaket => ({ aboPaketId: id, ...fields });

/** Every package (package admin and the operator's assignment). */
export const allePakete = async (db: Database): Promise<AboPaket[]> => (await listPakete(db)).map(toAboPaket);

/** The shop's packages: active and bookable. */
export const standardPakete = async (db: Database): Promise<AboPaket[]> =>
  (await listStandardPakete(db)).map(toAboPaket);

/** Creates a package (rules of spec 3 section 5, checked by the contract's schema). */
export const neuesPaket = async (db: Database, fields: AboPaketFields): Promise<AboPaket> =>
  toAboPaket(await insertPaket(db, fields));

/** Changes a package. Running subscriptions keep the terms they were booked with. */
export async function paketAendern(db: Database, id: number, fields: AboPaketFields): Promise<AboPaket> {
  const updated = await updatePaket(db, id, fields);
  if (!updated) throw HttpError.notFound(ABO_TEXTS.paketNichtGefunden);
  return toAboPaket(updated);
}

/** One package or 404. */
export async function paketOder404(db: Database, id: number): Promise<AboPaketRow> {
  const paket = await findPaket(db, id);
  if (!paket) throw HttpError.notFound(ABO_TEXTS.paketNichtGefunden);
  return paket;
}
