import { createHash, randomUUID } from 'node:crypto';
import { SITZUNGEN_TEXTS, type SessionClaims, type Sitzung } from '@dihs/contract/auth';
import { formatDateTimeUhr } from '@dihs/contract/common/time';
import { ERROR_CODES } from '@dihs/contract/common/errors';
import { MESSAGES } from '@dihs/contract/common/messages';
import { MAX_FAILED_LOGINS } from '@dihs/contract/common/constants';
import { PRIVILEGES, PRIVILEGES_BY_ROLE, ROLES, privilegeCode, type Role } from '@dihs/contract/common/roles';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { TokenService } from '../../lib/jwt.ts';
import { verifyPassword } from '../../lib/password.ts';
import type { RateCounter } from '../../lib/rate-window.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { verifyTotp } from '../../lib/totp.ts';
import type { SessionPublisher } from '../../plugins/session-events.ts';
import { enqueueMail, MAIL_TEXTS } from '../mail/index.ts';
import {
  endAllLoginSessions,
  endLoginSession,
  endSessions,
  findUserByEmail,
  recordFailedLogin,
  resetFailedLogins,
  revokeToken,
  runningSessions,
  startLoginSession,
  type UserRow,
} from '../users/index.ts';
import type { FailedAttemptMemory } from './failed-attempts.ts';

export interface AuthServiceDeps {
  db: Database;
  tokens: TokenService;
  accountLimit: RateCounter;
  failedAttempts: FailedAttemptMemory;
  /** Opens the stored (encrypted) TOTP keys. */
  secondFactorSecrets: SecretBox;
  /** A lock ends the account's sessions, a logout the one token, on every instance. */
  sessions: SessionPublisher;
  /** Roles that must have a second factor: such an account without one gets a set-up-only session. */
  requireSecondFactorRoles: readonly Role[];
  /** Seconds without activity after which a session of the role ends (signed into the token for the browser). */
  idleTimeoutSeconds: Record<Role, number>;
  /** Sends the outbox now (the new-device mail). */
  sendMails: () => void;
  /** The login link of the new-device mail. */
  loginLink: string;
  /** The clock of the session's activity (tests move it; plugins/session-activity.ts reads the same). */
  now: () => Date;
}

/** Where a login comes from: the browser's user agent parsed, its address and its device cookie. */
export interface LoginClient {
  geraet: string;
  browser: string;
  adresse: string;
  /** The device cookie's value (docs/decisions.md, issue 31 item 7). */
  deviceKey: string;
}

export interface Credentials {
  email: string;
  password: string;
  secondFactorCode: string;
}

const lockedError = () => HttpError.unauthorized(MESSAGES.loginGesperrtFehlversuche, ERROR_CODES.accountLocked);
const wrongLoginError = () => HttpError.unauthorized(MESSAGES.loginFalsch, ERROR_CODES.loginFailed);

export function createAuthService({
  db,
  tokens,
  accountLimit,
  failedAttempts,
  secondFactorSecrets,
  sessions,
  requireSecondFactorRoles,
  idleTimeoutSeconds,
  sendMails,
  loginLink,
  now,
}: AuthServiceDeps) {
  /** Counts a wrong password or code once per attempt and answers the matching 401. */
  async function failAttempt(user: UserRow, password: string, error: HttpError): Promise<never> {
    if (await failedAttempts.firstSeen(user.email, password)) {
      if (await recordFailedLogin(db, user.id, MAX_FAILED_LOGINS)) {
        // Whoever guesses the password may already hold a session; the lock ends every one.
        await endSessions(sessions, db, user.id);
        throw lockedError();
      }
    }
    throw error;
  }

  /** The account behind the credentials once e-mail and password are right and it may log in. */
  async function checkPassword({ email, password }: Credentials): Promise<UserRow> {
    const normalized = email.trim().toLowerCase();
    if (!(await accountLimit.hit(normalized)))
      throw new HttpError(429, MESSAGES.zuVieleAnfragen, ERROR_CODES.rateLimited);
    const user = await findUserByEmail(db, normalized);
    const passwordOk = await verifyPassword(user?.passwordHash, password);
    if (!user) throw wrongLoginError();
    if (user.lockedAt) throw lockedError();
    if (!passwordOk) return failAttempt(user, password, wrongLoginError());
    if (!user.active) throw HttpError.unauthorized(MESSAGES.loginInaktiv, ERROR_CODES.accountInactive);
    return user;
  }

  /** Stores the login's session; a device the account has not used before gets the owner a mail. */
  async function storeSession(user: UserRow, token: string, sid: string, client: LoginClient): Promise<void> {
    const claims = await tokens.verify(token);
    if (!claims?.jti) throw new Error('Token ohne Kennung');
    const issuedAt = new Date(claims.iatMs ?? Date.now());
    const { newDevice } = await db.transaction(async (tx) => {
      const started = await startLoginSession(tx, {
        userId: user.id,
        token: { sid, jti: claims.jti!, exp: claims.exp, issuedAt },
        startedAt: now(),
        geraet: client.geraet,
        browser: client.browser,
        adresse: client.adresse,
        deviceKeyHash: createHash('sha256').update(client.deviceKey).digest('hex'),
      });
      if (started.newDevice) {
        const zeit = formatDateTimeUhr(issuedAt);
        const { geraet, browser, adresse } = client;
        await enqueueMail(tx, MAIL_TEXTS.neueAnmeldung(user, { zeit, geraet, browser, adresse }, loginLink));
      }
      return started;
    });
    if (newDevice) sendMails();
  }

  return {
    /**
     * Checks e-mail, password and, when set up, the second factor; answers a signed session token and stores its
     * session. A login from a device the account has not used before gets the owner a mail.
     */
    async authenticate(credentials: Credentials, client: LoginClient): Promise<{ token: string }> {
      const user = await checkPassword(credentials);
      if (user.secondFactorSecret) {
        const code = credentials.secondFactorCode.trim();
        if (!code) throw HttpError.unauthorized(MESSAGES.loginAuthCodeFehlt, ERROR_CODES.secondFactorRequired);
        const secret = secondFactorSecrets.open(user.secondFactorSecret);
        if (!secret || !(await verifyTotp(secret, code))) {
          return failAttempt(
            user,
            `${credentials.password}\u0000${code}`,
            HttpError.unauthorized(MESSAGES.loginAuthCodeFalsch, ERROR_CODES.secondFactorInvalid),
          );
        }
      }
      await resetFailedLogins(db, user.id);
      const sid = randomUUID();
      const token = await tokens.sign({
        sid,
        sub: user.email,
        role: user.role,
        privileges: user.privileges,
        userId: user.id,
        inaktivNachSekunden: idleTimeoutSeconds[user.role],
        // the duty is decided here, by this instance's configuration, and signed into the token: every instance
        // holds such a session to the set-up (plugins/second-factor-setup.ts) until a login with the code, and the
        // web leads there first
        ...(requireSecondFactorRoles.includes(user.role) && !user.secondFactorSecret
          ? { zweiterFaktorEinrichten: true as const }
          : {}),
      });
      await storeSession(user, token, sid, client);
      return { token };
    },

    /** Whether the login dialog must ask for the Auth-Code: only for the right password of an account with a second factor. */
    async secondFactorRequired(credentials: Credentials): Promise<boolean> {
      try {
        const user = await checkPassword(credentials);
        return Boolean(user.secondFactorSecret);
      } catch (error) {
        // A refused login is answered by authenticate, which the dialog calls next; here it is just "no".
        if (error instanceof HttpError && error.statusCode === 401) return false;
        throw error;
      }
    },

    /** The caller's running sessions, latest activity first; the caller's own marked. */
    async listSessions(session: SessionClaims): Promise<Sitzung[]> {
      const rows = await runningSessions(db, session.userId, idleTimeoutSeconds[session.role], now());
      return rows.map((row) => ({
        id: row.id,
        geraet: row.device,
        browser: row.browser,
        adresse: row.address,
        angemeldetAm: row.loggedInAt.toISOString(),
        letzteAktivitaet: row.lastActivity.toISOString(),
        aktuell: row.id === session.sid,
      }));
    },

    /** "Abmelden": ends one running session of the caller's account (404 for any other id). */
    async endSession(session: SessionClaims, id: string): Promise<true> {
      if (!(await endLoginSession(sessions, db, session.userId, id))) {
        throw HttpError.notFound(SITZUNGEN_TEXTS.unbekannt);
      }
      return true;
    },

    /** "Überall abmelden": every session of the caller's account ends, this one included. */
    async endAllSessions(session: SessionClaims): Promise<true> {
      await endAllLoginSessions(sessions, db, session.userId);
      return true;
    },

    /** The page is in use without asking the server: the request itself was the activity (the gate noted it). */
    keepAlive(): true {
      return true;
    },

    /** Logout: the caller's token no longer passes the session gate of any instance. */
    async logout(session: SessionClaims): Promise<true> {
      await revokeToken(sessions, db, session);
      return true;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

/** Privilege codes an operator may grant to users of a role. */
export const privilegesForRole = (role: Role): number[] => PRIVILEGES_BY_ROLE[role].map(privilegeCode);

/** Every role's grantable privileges, plus all privilege codes under 'privileges'. */
export function authorityMap(): Record<string, number[]> {
  const map: Record<string, number[]> = Object.fromEntries(ROLES.map((role) => [role, privilegesForRole(role)]));
  map.privileges = PRIVILEGES.map((_, code) => code);
  return map;
}
