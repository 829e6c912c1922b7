import type { Database, Transaction } from '../../db/client.ts';
import { findPersonById } from '../users/index.ts';

/** Role, mail, company, deletion mark and name of an account (any role); undefined when the id is unknown. */
export async function userInfo(db: Database | Transaction, userId: number) {
  const person = await findPersonById(db, userId);
  if (!person) return undefined;
  const { user, profile } = person;
  return {
    id: user.id,
    role: user.role,
    email: user.email,
    firmaId: user.firmaId,
    deletedAt: user.deletedAt,
    vorname: profile?.vorname ?? null,
    nachname: profile?.nachname ?? null,
  };
}
