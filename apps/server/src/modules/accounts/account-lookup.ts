import type { Database, Transaction } from '../../db/client.ts';
import { findActivePersonByEmail, findPersonById, insertPerson, type Person } from '../profil/index.ts';
import { type UserRow } from '../users/index.ts';

type Db = Database | Transaction;

/** What the accounts flows need to know about an account, with the name for the mail's greeting. */
export interface AccountRow {
  id: number;
  email: string;
  role: UserRow['role'];
  passwordHash: string;
  active: boolean;
  emailConfirmed: boolean;
  vorname: string | null;
  nachname: string | null;
}

const toAccount = ({ user, profile }: Person): AccountRow => ({
  id: user.id,
  email: user.email,
  role: user.role,
  passwordHash: user.passwordHash,
  active: user.active,
  emailConfirmed: user.emailConfirmed,
  vorname: profile?.vorname ?? null,
  nachname: profile?.nachname ?? null,
});

/** A not deleted account by its e-mail (compared lower-cased). */
export async function findAccountByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
  const person = await findActivePersonByEmail(db, email);
  return person && toAccount(person);
}

/** A not deleted account by id. */
export async function findAccountById(db: Db, id: number): Promise<AccountRow | undefined> {
  const person = await findPersonById(db, id);
  return person && !person.user.deletedAt ? toAccount(person) : undefined;
}

export interface NewPatient {
  email: string;
  passwordHash: string;
  vorname: string;
  nachname: string;
  strasse: string;
  hausnummer: string;
  plz: string;
  ort: string;
  land: string;
  geburtsdatum: string;
}

/**
 * Creates a patient with an unconfirmed address and its profile. Null when the address is taken: the unique index
 * decides, so two parallel registrations of one address cannot both succeed.
 */
export async function insertPatient(tx: Transaction, patient: NewPatient): Promise<number | null> {
  const { email, passwordHash, ...profile } = patient;
  return insertPerson(tx, { email, passwordHash, role: 'PATIENT', emailConfirmed: false }, profile);
}
