import type { SessionClaims } from '@dihs/contract/auth';
import { BENUTZER_TEXTS } from '@dihs/contract/users';
import { MESSAGES } from '@dihs/contract/common/messages';
import type { Role } from '@dihs/contract/common/roles';
import {
  FIRMA_TEXTS,
  KEINE_FIRMA_ID,
  type Firma,
  type FirmaKurz,
  type FirmaZugehoerigkeit,
} from '@dihs/contract/firma';
import type { Database } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import { deactivateFirmaPages } from '../inhalt/index.ts';
import { findActiveAccountById, findUserById, setUserFirma } from '../users/index.ts';
import { deleteFirma, findFirma, insertFirma, listFirmen, listFirmenKurz, updateFirma } from './firma.repository.ts';

type FirmaValues = Omit<Firma, 'id'>;

/** Every company with all fields (operators). */
export const alleFirmen = (db: Database): Promise<Firma[]> => listFirmen(db);

/** Id and name of every company (the appointment editor's company choice). */
export const alleFirmenKurz = (db: Database): Promise<FirmaKurz[]> => listFirmenKurz(db);

/** The own company affiliation, or null. */
export const meineFirma = async (db: Database, session: SessionClaims): Promise<FirmaZugehoerigkeit | null> =>
  firmaKurzOf(db, (await findUserById(db, session.userId))?.firmaId ?? null);

/** An affiliation as users see it: id, name and the logo with its link. */
const zugehoerigkeit = (firma: Firma): FirmaZugehoerigkeit => ({
  id: firma.id,
  bezeichner: firma.bezeichner,
  logoPath: firma.hatLogo ? firma.logoPath : null,
  logoLink: firma.hatLogo ? firma.logoLink : null,
  linkTarget: firma.linkTarget,
});

/** The company as an affiliation, or null for none. */
async function firmaKurzOf(db: Database, firmaId: number | null): Promise<FirmaZugehoerigkeit | null> {
  if (firmaId === null) return null;
  const firma = await findFirma(db, firmaId);
  return firma ? zugehoerigkeit(firma) : null;
}

/** The account with that id and role, or 404 (a wrong role counts as not found). */
async function accountOfRole(db: Database, userId: number, role: Role) {
  const account = await findActiveAccountById(db, userId);
  if (!account || account.role !== role) throw HttpError.notFound(BENUTZER_TEXTS.benutzerNichtGefunden);
  return account;
}

/** The company of a patient or therapist: for operators and for the user itself only. */
export async function firmaVon(
  db: Database,
  session: SessionClaims,
  userId: number,
  role: Role,
): Promise<FirmaZugehoerigkeit | null> {
  // checked before the lookup, so the answer does not tell others which ids exist
  if (session.role !== 'BETREIBER' && session.userId !== userId) throw HttpError.forbidden();
  const account = await accountOfRole(db, userId, role);
  return firmaKurzOf(db, account.firmaId);
}

/** Creates a company; its name must be unique regardless of case. */
export async function neueFirma(db: Database, values: FirmaValues): Promise<Firma> {
  const created = await insertFirma(db, values);
  if (!created) throw HttpError.badRequest(FIRMA_TEXTS.titelVergeben);
  return created;
}

/** Changes every field of a company. */
export async function aendereFirma(db: Database, id: number, values: FirmaValues): Promise<Firma> {
  let updated: Firma | undefined;
  try {
    updated = await updateFirma(db, id, values);
  } catch (error) {
    if (isUniqueViolation(error)) throw HttpError.badRequest(FIRMA_TEXTS.titelVergeben);
    throw error;
  }
  if (!updated) throw HttpError.notFound(FIRMA_TEXTS.nichtGefunden);
  return updated;
}

/**
 * Deletes a company. Its users lose the affiliation and pages tied to it lose the restriction (foreign keys set
 * null), so nothing that refers to it breaks.
 */
export async function entferneFirma(db: Database, id: number): Promise<void> {
  // Pages shown only to this company are deactivated first, so losing the restriction never publishes them.
  const deleted = await db.transaction(async (tx) => {
    await deactivateFirmaPages(tx, id);
    return deleteFirma(tx, id);
  });
  if (!deleted) throw HttpError.notFound(FIRMA_TEXTS.nichtGefunden);
}

/**
 * Sets (or with firmaId -1 removes) the company of a patient or therapist. Never the own account; the target must
 * have the role. Answers the new affiliation.
 */
export async function setzeFirma(
  db: Database,
  session: SessionClaims,
  input: { userId: number; role: Role; firmaId: number },
): Promise<FirmaZugehoerigkeit | null> {
  if (session.userId === input.userId) throw HttpError.forbidden(MESSAGES.eigenesProfil);
  const account = await accountOfRole(db, input.userId, input.role);
  if (input.firmaId === KEINE_FIRMA_ID) {
    await setUserFirma(db, account.id, null);
    return null;
  }
  const firma = await findFirma(db, input.firmaId);
  if (!firma) throw HttpError.notFound(FIRMA_TEXTS.nichtGefunden);
  try {
    await setUserFirma(db, account.id, firma.id);
  } catch (error) {
    // deleted between the lookup and the update
    if (isForeignKeyViolation(error)) throw HttpError.notFound(FIRMA_TEXTS.nichtGefunden);
    throw error;
  }
  return zugehoerigkeit(firma);
}
