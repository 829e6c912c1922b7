import QRCode from 'qrcode';
import { ERROR_CODES } from '@dihs/contract/common/errors';
import { MESSAGES } from '@dihs/contract/common/messages';
import { SECOND_FACTOR_TEXTS, type ActivationData } from '@dihs/contract/second-factor';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { verifyPassword } from '../../lib/password.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { newTotpSecret, totpUri, verifyTotp } from '../../lib/totp.ts';
import type { SessionPublisher } from '../../plugins/session-events.ts';
import {
  findUserById,
  replaceSecondFactorSecret,
  setSecondFactorSecret,
  storedSecondFactorSecrets,
  type UserRow,
} from '../users/index.ts';

export interface SecondFactorServiceDeps {
  db: Database;
  secrets: SecretBox;
  /** Tells every instance's session gate that the account's state changed (REQUIRE_2FA_ROLES). */
  sessions: SessionPublisher;
}

const notFound = () => HttpError.notFound('Der Benutzer wurde nicht gefunden.');

/** Two-factor set-up of the own account and, for operators, of others' (spec 1 sections 2.7, 2.10). */
export function createSecondFactorService({ db, secrets, sessions }: SecondFactorServiceDeps) {
  /**
   * Stores or removes the key and drops the account from every gate's cache, so a session whose required factor was
   * removed is held again at once. A token that carries the set-up duty stays held after the set-up: only a login
   * with the code gives a free session (docs/decisions.md, issue 31 item 5). "Valid from" 0 ends no session: it only
   * makes the gates read the account again.
   */
  async function storeSecret(userId: number, sealed: string | null): Promise<void> {
    await setSecondFactorSecret(db, userId, sealed);
    await sessions.publish({ kind: 'account', userId, validFromMs: 0 });
  }

  async function existingUser(userId: number): Promise<UserRow> {
    const user = await findUserById(db, userId);
    if (!user || user.deletedAt) throw notFound();
    return user;
  }

  /** The own account after the password was confirmed; a wrong password answers 401 with its message. */
  async function confirmedUser(userId: number, password: string): Promise<UserRow> {
    const user = await existingUser(userId);
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw HttpError.unauthorized(SECOND_FACTOR_TEXTS.passwortFalsch, ERROR_CODES.loginFailed);
    }
    return user;
  }

  async function newActivation(user: UserRow): Promise<ActivationData> {
    const privateKey = newTotpSecret();
    const qrCode = await QRCode.toDataURL(totpUri(privateKey, user.email), { margin: 1, width: 240 });
    return { qrCode, privateKey };
  }

  /** Stores the key once the code proves that the authenticator app holds it; a wrong code answers 400. */
  async function activateWith(user: UserRow, privateKey: string, token: string): Promise<true> {
    if (!(await verifyTotp(privateKey, token))) throw HttpError.badRequest(SECOND_FACTOR_TEXTS.codeFalsch);
    await storeSecret(user.id, secrets.seal(privateKey));
    return true;
  }

  /** Whether the stored key accepts the code; an unreadable key accepts nothing. */
  async function codeMatches(user: UserRow, token: string): Promise<boolean> {
    const secret = user.secondFactorSecret ? secrets.open(user.secondFactorSecret) : null;
    return secret !== null && (await verifyTotp(secret, token));
  }

  function operatorTarget(operatorId: number, user: UserRow): UserRow {
    if (user.id === operatorId) throw HttpError.forbidden(MESSAGES.eigenesProfil);
    return user;
  }

  return {
    /** Whether the account has a second factor. */
    async status(userId: number): Promise<boolean> {
      return Boolean((await existingUser(userId)).secondFactorSecret);
    },

    /** Step 1 (password) answers a new key and its QR code; step 2 (password, key, code) activates it. */
    async activate(
      userId: number,
      body: { password: string; privateKey?: string | undefined; token?: string | undefined },
    ): Promise<ActivationData | true> {
      const user = await confirmedUser(userId, body.password);
      if (user.secondFactorSecret) throw HttpError.badRequest(SECOND_FACTOR_TEXTS.bereitsAktiv);
      if (body.privateKey === undefined || body.token === undefined) return newActivation(user);
      return activateWith(user, body.privateKey, body.token);
    },

    /** Removes the own second factor after password and current code. */
    async deactivate(userId: number, body: { password: string; token: string }): Promise<true> {
      const user = await confirmedUser(userId, body.password);
      if (!user.secondFactorSecret) throw HttpError.badRequest(SECOND_FACTOR_TEXTS.nichtAktiv);
      if (!(await codeMatches(user, body.token))) throw HttpError.badRequest(SECOND_FACTOR_TEXTS.codeFalsch);
      await storeSecret(user.id, null);
      return true;
    },

    /** An operator sets up another operator's or therapist's second factor (empty body: new key). */
    async activateFor(
      operatorId: number,
      userId: number,
      body: { privateKey: string; token: string } | null | undefined,
    ): Promise<ActivationData | true> {
      const user = operatorTarget(operatorId, await existingUser(userId));
      if (user.role === 'PATIENT') throw HttpError.badRequest(SECOND_FACTOR_TEXTS.nurBetreiberTherapeut);
      if (user.secondFactorSecret) throw HttpError.badRequest(SECOND_FACTOR_TEXTS.bereitsAktiv);
      if (!body) return newActivation(user);
      return activateWith(user, body.privateKey, body.token);
    },

    /**
     * An operator removes another user's second factor. Allowed for every role: a patient who lost the phone
     * must be able to log in again (docs/decisions.md).
     */
    async deactivateFor(operatorId: number, userId: number): Promise<true> {
      const user = operatorTarget(operatorId, await existingUser(userId));
      if (!user.secondFactorSecret) throw HttpError.badRequest(SECOND_FACTOR_TEXTS.nichtAktiv);
      await storeSecret(user.id, null);
      return true;
    },
  };
}
export type SecondFactorService = ReturnType<typeof createSecondFactorService>;

export interface ResealResult {
  /** Keys opened with a previous server secret (or stored unsealed) and sealed again with the current one. */
  resealed: number;
  /** Keys sealed with the current server secret already. */
  current: number;
  /** Accounts whose key no configured secret opens (their second factor accepts no code until set up again). */
  unreadable: number[];
}

/**
 * Seals every stored TOTP key with the current server secret (rotate-jwt-secret.js, docs/operations.md "Rotating
 * secrets"). `secrets` opens with the current secret and the previous ones. Each key is replaced only while it is
 * unchanged, so a set-up or removal on a running server meanwhile wins.
 */
export async function resealSecondFactorSecrets(db: Database, secrets: SecretBox): Promise<ResealResult> {
  const result: ResealResult = { resealed: 0, current: 0, unreadable: [] };
  for (const { userId, sealed } of await storedSecondFactorSecrets(db)) {
    if (secrets.sealedWithCurrent(sealed)) {
      result.current++;
      continue;
    }
    const plain = secrets.open(sealed);
    if (plain === null) {
      result.unreadable.push(userId);
      continue;
    }
    if (await replaceSecondFactorSecret(db, userId, sealed, secrets.seal(plain))) result.resealed++;
  }
  return result;
}
