import { randomBytes } from 'node:crypto';
import {
  BENUTZER_TEXTS,
  PASSWORT_SETZEN_TTL_HOURS,
  type BenutzerListEntry,
  type PrivilegesBody,
} from '@dihs/contract/users';
import { MESSAGES } from '@dihs/contract/common/messages';
import {
  PRIVILEGE_LABELS,
  PRIVILEGES_BY_ROLE,
  privilegeCode,
  privilegeFromCode,
  type Role,
} from '@dihs/contract/common/roles';
import type { AppDeps } from '../../app-types.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import { hashPassword } from '../../lib/password.ts';
import { issueCode } from '../codes/index.ts';
import { enqueueMail, MAIL_TEXTS, mailLinks } from '../mail/index.ts';
import {
  findActiveAccountById,
  listLockedAccounts,
  unlockEmails,
  updateEmail,
  updatePasswordHash,
  updatePrivilegesAndActive,
} from './users.repository.ts';
import { isLocked } from './account-lock.ts';
import { endSessions } from './sessions.ts';
import type { UserRow } from './users.table.ts';
import { emailGeaendertDurchBetreiberMail } from './users.mails.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'mail' | 'sessions'>;

/**
 * Creates an account with its (empty) profile row; null when the e-mail is taken. The profil module's insertPerson,
 * handed in by modules/index.ts: profil sits above users in the module graph, so users does not import it.
 */
export type CreatePerson = (
  tx: Transaction,
  account: { email: string; role: Role; passwordHash: string },
) => Promise<number | null>;

/** Privileges nobody grants by hand: the subscription module sets and clears HAT_ABO. */
const SYSTEM_PRIVILEGES = [privilegeCode('HAT_ABO')];

/** Sends the committed mails now; a failure is retried by the outbox timer, so the request does not wait. */
function sendMailsSoon(deps: Deps): void {
  deps.mail.flush().catch(() => undefined);
}

/** The locked list as the screen shows it (e-mails), and the patients among them (named to the audit log). */
export interface LockedList {
  emails: string[];
  patientUserIds: number[];
}

/** The locked accounts of every role, whichever the cause ("Gesperrte Benutzer"; account-lock.ts). */
export async function lockedUsers(db: Database): Promise<LockedList> {
  const rows = await listLockedAccounts(db);
  return {
    emails: rows.map((row) => row.email),
    patientUserIds: rows.filter((row) => row.role === 'PATIENT').map((row) => row.id),
  };
}

/** Unlocks the given accounts (either cause, and the counter) and answers the locked list that remains. */
export async function unlockUsers(db: Database, emails: readonly string[]): Promise<LockedList> {
  await unlockEmails(db, emails);
  return lockedUsers(db);
}

/**
 * Creates an account of the role with an empty profile and a password nobody knows, and mails a link to set one.
 * Null when the address is taken.
 */
export async function createUserByOperator(
  deps: Deps,
  createPerson: CreatePerson,
  role: Role,
  email: string,
): Promise<number | null> {
  // A hash of 256 random bits: a valid argon2 hash, so logins take the usual time, but no password matches it.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const id = await deps.db.transaction(async (tx) => {
    const userId = await createPerson(tx, { email, role, passwordHash });
    if (userId === null) return null;
    const code = await issueCode(tx, { userId, purpose: 'PASSWORT_SETZEN', ttlHours: PASSWORT_SETZEN_TTL_HOURS });
    const link = mailLinks(deps.config.publicUrl).passwortReset(code);
    await enqueueMail(tx, MAIL_TEXTS.passwortSetzen({ email }, link, PASSWORT_SETZEN_TTL_HOURS));
    return userId;
  });
  if (id !== null) sendMailsSoon(deps);
  return id;
}

/** The account an operator wants to change: never the own one (403), and it must exist (404). */
async function otherAccount(db: Database, actorId: number, targetId: number): Promise<UserRow> {
  if (actorId === targetId) throw HttpError.forbidden(MESSAGES.eigenesProfil);
  const target = await findActiveAccountById(db, targetId);
  if (!target) throw HttpError.notFound(BENUTZER_TEXTS.benutzerNichtGefunden);
  return target;
}

/**
 * Sets another account's privileges (only those available for its role) and Aktiv/Gesperrt. HAT_ABO is kept as
 * stored whatever the request says. "Aktiv" ends a lock of either cause (account-lock.ts); "Gesperrt" on an account
 * that is not locked switches it off; an unchanged switch leaves the lock and its cause as they are. A change of
 * either ends the account's sessions: its tokens carry the old privileges, and a locked account must be out at once.
 */
export async function setPrivileges(
  { db, sessions }: Pick<Deps, 'db' | 'sessions'>,
  actorId: number,
  targetId: number,
  body: PrivilegesBody,
): Promise<BenutzerListEntry> {
  const target = await otherAccount(db, actorId, targetId);
  const grantable = PRIVILEGES_BY_ROLE[target.role].map(privilegeCode);
  const granted = [...new Set(body.privileges.filter((code) => !SYSTEM_PRIVILEGES.includes(code)))];
  const refused = granted.find((code) => !grantable.includes(code));
  if (refused !== undefined) {
    const privilege = privilegeFromCode(refused);
    throw HttpError.badRequest(
      privilege
        ? `${BENUTZER_TEXTS.berechtigungNichtVergebbar} (${PRIVILEGE_LABELS[privilege]})`
        : BENUTZER_TEXTS.berechtigungNichtVergebbar,
    );
  }
  const activeBefore = !isLocked(target);
  const lock = body.active === activeBefore ? 'keep' : body.active ? 'unlock' : 'lock';
  return db.transaction(async (tx) => {
    const updated = await updatePrivilegesAndActive(tx, target.id, { granted, keep: SYSTEM_PRIVILEGES, lock });
    if (!updated) throw HttpError.notFound(BENUTZER_TEXTS.benutzerNichtGefunden);
    // The statement answers the privileges sorted; saving the form unchanged ends nothing.
    const privilegesBefore = [...target.privileges].sort((a, b) => a - b).join();
    if (updated.privileges.join() !== privilegesBefore || lock !== 'keep') {
      await endSessions(sessions, tx, target.id);
    }
    return updated;
  });
}

/**
 * Changes another account's login e-mail at once (the operator is trusted with the address) and tells both
 * addresses. A taken address answers 400.
 */
export async function changeEmailByOperator(
  deps: Deps,
  actorId: number,
  targetId: number,
  email: string,
): Promise<void> {
  const target = await otherAccount(deps.db, actorId, targetId);
  if (target.email === email) return;
  try {
    await deps.db.transaction(async (tx) => {
      await updateEmail(tx, target.id, email);
      await endSessions(deps.sessions, tx, target.id);
      await enqueueMail(tx, emailGeaendertDurchBetreiberMail({ to: target.email, newEmail: email }));
      await enqueueMail(tx, emailGeaendertDurchBetreiberMail({ to: email, newEmail: email }));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw HttpError.badRequest(BENUTZER_TEXTS.emailVergeben);
    throw error;
  }
  sendMailsSoon(deps);
}

/** Sets another account's password, which ends all its sessions, and tells its owner (without the password). */
export async function changePasswordByOperator(
  deps: Deps,
  actorId: number,
  targetId: number,
  password: string,
): Promise<void> {
  const target = await otherAccount(deps.db, actorId, targetId);
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    await updatePasswordHash(tx, target.id, passwordHash);
    await endSessions(deps.sessions, tx, target.id);
    await enqueueMail(tx, MAIL_TEXTS.passwortGeaendert({ email: target.email }));
  });
  sendMailsSoon(deps);
}
