import {
  ACCOUNT_MESSAGES,
  type EmailAendernBody,
  type EmailBestaetigenResponse,
  type PasswortAendernBody,
  type PasswortAendernResponse,
  type RegistrierenBody,
} from '@dihs/contract/accounts';
import type { SessionClaims } from '@dihs/contract/auth';
import { hasPrivilege } from '@dihs/contract/common/roles';
import type { Database, Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { TokenService } from '../../lib/jwt.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { SessionPublisher } from '../../plugins/session-events.ts';
import { CODE_TTL_HOURS, codeUser, consumeCode, issueCode, type ConsumedCode } from '../codes/index.ts';
import { recordRegistrationConsent } from '../einwilligung/index.ts';
import { enqueueMail, MAIL_TEXTS, mailLinks, type Recipient } from '../mail/index.ts';
import {
  emailConfirmedOf,
  emailTakenByOther,
  endSessions,
  markEmailConfirmed,
  renewLoginSession,
  setConfirmedEmail,
  setPasswordHash,
} from '../users/index.ts';
import { findAccountByEmail, findAccountById, insertPatient, type AccountRow } from './account-lookup.ts';

export interface AccountsServiceDeps {
  db: Database;
  publicUrl: string;
  /** The outbox worker: asked to send right after a commit; the request never waits for the mail server. */
  mail: { flush(): Promise<void> };
  /** Signs the fresh token of the own password change. */
  tokens: Pick<TokenService, 'sign' | 'verify'>;
  /** Password and e-mail changes end the account's sessions on every instance. */
  sessions: SessionPublisher;
}

const codeFailure = () => HttpError.badRequest(ACCOUNT_MESSAGES.codeUngueltig);

/** Whether the session may manage other users' accounts (confirmation status, "Erneut Senden?"). */
const managesUsers = (session: SessionClaims) =>
  session.role === 'BETREIBER' && hasPrivilege(session.privileges, 'BENUTZER_VERWALTEN');

export function createAccountsService({ db, publicUrl, mail, tokens, sessions }: AccountsServiceDeps) {
  const links = mailLinks(publicUrl);

  /** Starts sending what the committed transaction enqueued; failures stay in the outbox for the next round. */
  const sendSoon = () => {
    mail.flush().catch(() => undefined);
  };

  async function enqueueConfirmation(
    tx: Transaction,
    account: Recipient & { id: number },
    again: boolean,
  ): Promise<void> {
    const code = await issueCode(tx, { userId: account.id, purpose: 'EMAIL_BESTAETIGEN' });
    const texts = again ? MAIL_TEXTS.bestaetigungErneut : MAIL_TEXTS.registrierungBestaetigen;
    await enqueueMail(tx, texts(account, links.emailBestaetigen(code), CODE_TTL_HOURS));
  }

  /** The account a session's holder acts on, with a check of the current password they typed. */
  async function ownAccountWithPassword(userId: number, currentPassword: string): Promise<AccountRow> {
    const account = await findAccountById(db, userId);
    if (!account) throw HttpError.unauthorized();
    if (!(await verifyPassword(account.passwordHash, currentPassword))) {
      throw HttpError.badRequest(ACCOUNT_MESSAGES.aktuellesPasswortFalsch);
    }
    return account;
  }

  /** The account behind an address an operator (or its owner) asks about; 403 for anyone else. */
  async function accountForStatus(session: SessionClaims, email: string): Promise<AccountRow> {
    const account = await findAccountByEmail(db, email);
    if (managesUsers(session)) {
      if (!account) throw HttpError.notFound(ACCOUNT_MESSAGES.benutzerUnbekannt);
      return account;
    }
    // The owner may ask about the own address; the id decides, as the token's e-mail may predate a change.
    if (account && account.id === session.userId) return account;
    throw HttpError.forbidden();
  }

  return {
    /**
     * Registers a patient (unconfirmed) and mails the confirmation link. A taken address gets the same answer,
     * and its owner a notice instead; the password is hashed either way, so the answer time tells nothing.
     */
    async register(body: RegistrierenBody): Promise<void> {
      const passwordHash = await hashPassword(body.passwort);
      const existing = await findAccountByEmail(db, body.email);
      await db.transaction(async (tx) => {
        if (existing) {
          let confirmation: { link: string; hours: number } | null = null;
          if (existing.role === 'PATIENT' && existing.active && !existing.emailConfirmed) {
            const code = await issueCode(tx, { userId: existing.id, purpose: 'EMAIL_BESTAETIGEN' });
            confirmation = { link: links.emailBestaetigen(code), hours: CODE_TTL_HOURS };
          }
          await enqueueMail(tx, MAIL_TEXTS.registrierungVorhanden(existing, links.login, confirmation));
          return;
        }
        const id = await insertPatient(tx, {
          email: body.email,
          passwordHash,
          vorname: body.vorname,
          nachname: body.nachname,
          strasse: body.strasse,
          hausnummer: body.hausnummer,
          plz: body.plz,
          ort: body.stadt,
          land: body.land,
          geburtsdatum: body.geburtsdatum,
        });
        // A parallel registration (or a deleted account's row) took the address between the check and the insert.
        if (id === null) return;
        // The checkbox's consent, to the texts as they read now, stored with the account or not at all.
        await recordRegistrationConsent(tx, id);
        await enqueueConfirmation(tx, { id, email: body.email, vorname: body.vorname, nachname: body.nachname }, false);
      });
      sendSoon();
    },

    /**
     * Confirms the address behind an EMAIL_BESTAETIGEN code (once, within 24 h). A used or expired code of an account
     * whose address is confirmed answers BEREITS_BESTAETIGT: people click a mailed link twice (issue 32 item 7).
     */
    async confirmEmail(code: string): Promise<EmailBestaetigenResponse> {
      return db.transaction(async (tx) => {
        const consumed = await consumeCode(tx, 'EMAIL_BESTAETIGEN', code);
        if (consumed && (await findAccountById(tx, consumed.userId))) {
          await markEmailConfirmed(tx, consumed.userId);
          return { status: 'BESTAETIGT' as const };
        }
        const userId = consumed ? null : await codeUser(tx, 'EMAIL_BESTAETIGEN', code);
        if (userId !== null && (await emailConfirmedOf(tx, userId))) return { status: 'BEREITS_BESTAETIGT' as const };
        throw codeFailure();
      });
    },

    /** Completes an e-mail change: the new address becomes the login if it is still free. */
    async completeEmailChange(code: string): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          const consumed = await consumeCode(tx, 'EMAIL_AENDERN', code);
          const account = consumed && (await findAccountById(tx, consumed.userId));
          if (!consumed?.newEmail || !account?.active) throw codeFailure();
          if (await emailTakenByOther(tx, consumed.newEmail, account.id)) {
            throw HttpError.badRequest(ACCOUNT_MESSAGES.emailVergeben);
          }
          await setConfirmedEmail(tx, account.id, consumed.newEmail);
          await endSessions(sessions, tx, account.id);
        });
      } catch (error) {
        // Another account took the address between the check and the update.
        if (isUniqueViolation(error)) throw HttpError.badRequest(ACCOUNT_MESSAGES.emailVergeben);
        throw error;
      }
    },

    /**
     * "Passwort vergessen": mails a reset link to an active account. The caller answers the same for every
     * address, so nothing here may fail differently for unknown ones.
     */
    async requestPasswordReset(email: string): Promise<void> {
      const account = await findAccountByEmail(db, email);
      if (!account?.active) return;
      await db.transaction(async (tx) => {
        const code = await issueCode(tx, { userId: account.id, purpose: 'PASSWORT_RESET' });
        await enqueueMail(tx, MAIL_TEXTS.passwortZuruecksetzen(account, links.passwortReset(code), CODE_TTL_HOURS));
      });
      sendSoon();
    },

    /**
     * Sets the password behind a mailed code: a reset (PASSWORT_RESET) or the first password of an account an
     * operator created (PASSWORT_SETZEN). The link proves the address, so it also counts as confirmed. Every
     * session of the account ends: whoever forgot the password may have left one open elsewhere.
     */
    async setPasswordWithCode(code: string, passwort: string): Promise<void> {
      const passwordHash = await hashPassword(passwort);
      await db.transaction(async (tx) => {
        const consumed: ConsumedCode | null =
          (await consumeCode(tx, 'PASSWORT_RESET', code)) ?? (await consumeCode(tx, 'PASSWORT_SETZEN', code));
        const account = consumed && (await findAccountById(tx, consumed.userId));
        if (!account?.active) throw codeFailure();
        await setPasswordHash(tx, account.id, passwordHash, { confirmEmail: true });
        await endSessions(sessions, tx, account.id);
        await enqueueMail(tx, MAIL_TEXTS.passwortGeaendert(account));
      });
      sendSoon();
    },

    /**
     * Starts a change of the own e-mail: the new address gets the link, the old one a notice. An address that
     * already has an account gets a notice instead of the link; the answer is the same, so the call reveals nothing.
     */
    async changeOwnEmail(userId: number, body: EmailAendernBody): Promise<void> {
      const account = await ownAccountWithPassword(userId, body.aktuellesPasswort);
      const newEmail = body.email.trim().toLowerCase();
      if (newEmail === account.email) throw HttpError.badRequest(ACCOUNT_MESSAGES.emailUnveraendert);
      await db.transaction(async (tx) => {
        const recipient = { ...account, email: newEmail };
        if (await emailTakenByOther(tx, newEmail, account.id)) {
          await enqueueMail(tx, MAIL_TEXTS.emailAendernVergeben({ email: newEmail }));
        } else {
          const code = await issueCode(tx, { userId: account.id, purpose: 'EMAIL_AENDERN', newEmail });
          await enqueueMail(tx, MAIL_TEXTS.emailAendernBestaetigen(recipient, links.emailReset(code), CODE_TTL_HOURS));
        }
        await enqueueMail(tx, MAIL_TEXTS.emailAendernHinweis(account, newEmail));
      });
      sendSoon();
    },

    /**
     * Changes the own password after checking the current one; the owner gets a notice mail. Every other session
     * ends; the caller's continues with the answered token, issued at exactly the change's time, which the session
     * gate admits (not before the change) while it refuses every token issued earlier, even in the same second.
     */
    async changeOwnPassword(session: SessionClaims, body: PasswortAendernBody): Promise<PasswortAendernResponse> {
      const account = await ownAccountWithPassword(session.userId, body.aktuellesPasswort);
      const passwordHash = await hashPassword(body.passwort);
      const changedAt = new Date();
      await db.transaction(async (tx) => {
        await setPasswordHash(tx, account.id, passwordHash, { confirmEmail: false });
        await endSessions(sessions, tx, account.id, changedAt);
        await enqueueMail(tx, MAIL_TEXTS.passwortGeaendert(account));
      });
      sendSoon();
      // The gate has just checked role, privileges and e-mail of this session against the account.
      const { sub, role, privileges, userId, sid, inaktivNachSekunden } = session;
      // the same login goes on: its absolute end (the old token's expiry) stays (issue 31 item 6)
      const token = await tokens.sign(
        { sub, role, privileges, userId, sid, inaktivNachSekunden },
        { issuedAt: changedAt, expiresAt: new Date(session.exp * 1000) },
      );
      // the stored session ("Angemeldete Geräte") goes on with the new token, so it stays listed and can be ended
      const claims = sid ? await tokens.verify(token) : null;
      if (claims) await renewLoginSession(db, claims);
      return { token };
    },

    /**
     * Whether the address of an account is confirmed ("Wurde Bestätigt." / "Steht noch aus..."), and the account's
     * id when it is a patient's (the answer is about that patient: audited).
     */
    async isEmailConfirmed(
      session: SessionClaims,
      email: string,
    ): Promise<{ confirmed: boolean; patientUserId: number | null }> {
      const account = await accountForStatus(session, email);
      return { confirmed: account.emailConfirmed, patientUserId: account.role === 'PATIENT' ? account.id : null };
    },

    /** "Erneut Senden?": a new confirmation link for an unconfirmed patient; earlier links stop working. */
    async resendConfirmation(session: SessionClaims, email: string): Promise<void> {
      const account = await accountForStatus(session, email);
      if (account.role !== 'PATIENT') throw HttpError.badRequest(ACCOUNT_MESSAGES.nurPatienten);
      if (account.emailConfirmed) throw HttpError.badRequest(ACCOUNT_MESSAGES.emailBereitsBestaetigt);
      await db.transaction((tx) => enqueueConfirmation(tx, account, true));
      sendSoon();
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;

/**
 * Refuses (403, German message) what needs a confirmed address: booking and paying. For the appointment, credit
 * and subscription modules; an operator booking for a patient checks the patient's id.
 */
export async function assertEmailConfirmed(db: Database | Transaction, userId: number): Promise<void> {
  const confirmed = await emailConfirmedOf(db, userId);
  if (confirmed === undefined) throw HttpError.notFound();
  if (!confirmed) throw HttpError.forbidden(ACCOUNT_MESSAGES.emailNichtBestaetigt);
}
