import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Role } from '@dihs/contract/common/roles';
import type { BenutzerZeile } from '@dihs/contract/users';
import type { Database, Transaction } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
// An account and its profile row are created together and read together everywhere: this file is the one place
// outside the users module that reads the account table (ARCHITECTURE.md, convention 4; eslint.config.js). It lives
// in profil, above users in the module graph (profil.table.ts references users.table.ts), so users knows no profile.
import { users, type UserRow } from '../users/users.table.ts';
import { firmaNames } from '../firma/index.ts';
import { lockedColumn } from '../users/index.ts';
import { profiles, type ProfileRow } from './profil.table.ts';

type Db = Database | Transaction;

/** An account with its profile; the profile is null for accounts that never got one (and deleted patients). */
export interface Person {
  user: UserRow;
  profile: ProfileRow | null;
}

// The one users-with-profiles join; every person look-up goes through it.
const selectPersons = (db: Db, where: SQL | undefined) =>
  db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(where);

// by id: read for every booking, cancellation and cart, so prepared once per connection
const personById = preparedStatement('person_nach_id', (db, name) =>
  selectPersons(db, eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare(name),
);
const lockPersonById = preparedStatement('person_sperren', (db, name) =>
  selectPersons(db, eq(users.id, sql.placeholder('id')))
    .for('no key update', { of: users })
    .prepare(name),
);

/** An account (deleted ones included) with its profile, by id. */
export const findPersonById = async (db: Db, id: number): Promise<Person | undefined> =>
  (await personById(db).execute({ id }))[0];

/** A not deleted account with its profile, by e-mail (compared lower-cased). */
export const findActivePersonByEmail = async (db: Db, email: string): Promise<Person | undefined> =>
  (await selectPersons(db, and(eq(users.email, email.toLowerCase()), isNull(users.deletedAt))).limit(1))[0];

/**
 * Locks the patient's account row (FOR NO KEY UPDATE, the profile row stays unlocked) until the transaction ends
 * and answers it with its profile, in one statement; undefined when there is no such account. Serializes a
 * patient's bookings (credit checks, seat limits) without blocking inserts that reference the row by foreign key.
 */
export const lockPatientForBooking = async (tx: Transaction, userId: number): Promise<Person | undefined> =>
  (await lockPersonById(tx).execute({ id: userId }))[0];

/**
 * What most modules need to know of an account, flat: role, address, company, state, privileges and name (null
 * without a profile).
 */
export interface PersonInfo {
  id: number;
  email: string;
  role: Role;
  firmaId: number | null;
  active: boolean;
  deletedAt: Date | null;
  privileges: UserRow['privileges'];
  vorname: string | null;
  nachname: string | null;
}

// read on every visit of a patient's records (the training plan admits its patient with it): only these columns,
// prepared once per connection, not the whole account and profile
const personInfoById = preparedStatement('person_info_nach_id', (db, name) =>
  db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      firmaId: users.firmaId,
      active: users.active,
      deletedAt: users.deletedAt,
      privileges: users.privileges,
      vorname: profiles.vorname,
      nachname: profiles.nachname,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare(name),
);

/** An account (deleted ones included) as PersonInfo, by id; undefined when the id is unknown. */
export async function findPersonInfo(db: Db, id: number): Promise<PersonInfo | undefined> {
  return (await personInfoById(db).execute({ id }))[0];
}

/** "Vorname Nachname", or the empty string when neither is known. */
export const fullName = (person: { vorname: string | null; nachname: string | null }): string =>
  `${person.vorname ?? ''} ${person.nachname ?? ''}`.trim();

export type NewProfileFields = Partial<Omit<typeof profiles.$inferInsert, 'userId' | 'geaendertAm'>>;

/**
 * Creates an account with its profile row. Null when the e-mail is taken: the unique index decides, so two parallel
 * requests for one address cannot both succeed.
 */
export async function insertPerson(
  tx: Transaction,
  account: { email: string; role: Role; passwordHash: string; emailConfirmed?: boolean },
  profile: NewProfileFields = {},
): Promise<number | null> {
  const [row] = await tx.insert(users).values(account).onConflictDoNothing().returning({ id: users.id });
  if (!row) return null;
  await tx.insert(profiles).values({ ...profile, userId: row.id });
  return row.id;
}

/**
 * The same join as a subquery (account fields and profile fields, profile ones null without a profile) for lists
 * that join people into their one query by user id: appointment lists, the therapist directory, documentation
 * authors. Postgres pulls the subquery up, so the plan equals a join of the tables.
 */
export const persons = <Alias extends string>(alias: Alias) =>
  new QueryBuilder()
    .select({
      userId: users.id,
      email: users.email,
      role: users.role,
      active: users.active,
      firmaId: users.firmaId,
      deletedAt: users.deletedAt,
      vorname: profiles.vorname,
      nachname: profiles.nachname,
      ausbildung: profiles.ausbildung,
      schwerpunkte: profiles.schwerpunkte,
      beschreibung: profiles.beschreibung,
      listenanzeige: profiles.listenanzeige,
      profilbild: profiles.profilbild,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .as(alias);

const listFirma = firmaNames('liste_firma');
const trimmed = (column: typeof profiles.vorname | typeof profiles.nachname) =>
  sql<string>`btrim(coalesce(${column}, ''))`;

/**
 * The operators' user list of one role (issue 32 item 5): name, company, privileges and "active" as every list shows
 * it (no lock of either cause, users' lockedColumn); deleted accounts left out. By last and first name, the accounts
 * without a name after them, then by e-mail.
 */
export const listPeopleOfRole = (db: Db, role: Role): Promise<BenutzerZeile[]> =>
  db
    .select({
      id: users.id,
      email: users.email,
      privileges: users.privileges,
      active: sql<boolean>`not ${lockedColumn}`,
      vorname: trimmed(profiles.vorname),
      nachname: trimmed(profiles.nachname),
      firma: listFirma.bezeichner,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(listFirma, eq(listFirma.id, users.firmaId))
    .where(and(eq(users.role, role), isNull(users.deletedAt)))
    .orderBy(
      sql`${trimmed(profiles.nachname)} = '' and ${trimmed(profiles.vorname)} = ''`,
      sql`lower(${trimmed(profiles.nachname)})`,
      sql`lower(${trimmed(profiles.vorname)})`,
      asc(users.email),
    );
