import type { Database, Transaction } from '../../db/client.ts';
import { findPersonById } from '../users/index.ts';

export interface PatientInfo {
  id: number;
  email: string;
  role: 'BETREIBER' | 'THERAPEUT' | 'PATIENT';
  firmaId: number | null;
  deleted: boolean;
  vorname: string;
  nachname: string;
}

/** The account behind a subscription with its name (empty strings without a profile); undefined when unknown. */
export async function findPatientInfo(db: Database | Transaction, userId: number): Promise<PatientInfo | undefined> {
  const person = await findPersonById(db, userId);
  if (!person) return undefined;
  const { user, profile } = person;
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    firmaId: user.firmaId,
    deleted: user.deletedAt !== null,
    vorname: profile?.vorname ?? '',
    nachname: profile?.nachname ?? '',
  };
}
