import type { FastifyRequest } from 'fastify';
import { accountsEndpoints as api } from '@dihs/contract/accounts';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { createAccountsService } from './accounts.service.ts';

const MINUTE = 60_000;

export async function accountsRoutes(app: AppInstance, { db, config, mail, tokens, sessions }: AppDeps) {
  const accounts = createAccountsService({ db, publicUrl: config.publicUrl, mail, tokens, sessions });
  // Public calls that send mail or try codes: per IP address, before the body is read (like the login).
  const ipLimit = { rateLimit: { max: config.loginRateLimitIp, timeWindow: MINUTE } };
  // Calls that check the current password: per account, so a taken-over session cannot guess it quickly.
  const accountLimit = {
    rateLimit: {
      max: config.loginRateLimitAccount,
      timeWindow: MINUTE,
      keyGenerator: (request: FastifyRequest) => `user:${request.session?.userId ?? request.ip}`,
    },
  };

  const ip = { config: ipLimit };
  const account = { config: accountLimit };
  route(
    app,
    api.registrieren,
    async (request) => {
      await accounts.register(request.body);
      return true as const;
    },
    ip,
  );
  route(app, api.emailBestaetigen, async (request) => accounts.confirmEmail(request.params.code), ip);
  route(
    app,
    api.emailAenderungAbschliessen,
    async (request) => {
      await accounts.completeEmailChange(request.params.code);
      return true as const;
    },
    ip,
  );
  route(
    app,
    api.passwortZuruecksetzen,
    async (request) => {
      await accounts.requestPasswordReset(request.body);
      return true as const;
    },
    ip,
  );
  route(
    app,
    api.passwortMitCodeSetzen,
    async (request) => {
      await accounts.setPasswordWithCode(request.params.code, request.body.passwort);
      return true as const;
    },
    ip,
  );
  route(
    app,
    api.emailAendern,
    async (request) => {
      await accounts.changeOwnEmail(sessionOf(request).userId, request.body);
      return true as const;
    },
    account,
  );
  route(app, api.passwortAendern, (request) => accounts.changeOwnPassword(sessionOf(request), request.body), account);
  // the answer is about one account: a patient's is audited (patientList names it)
  route(app, api.emailBestaetigt, async (request) => {
    const { confirmed, patientUserId } = await accounts.isEmailConfirmed(sessionOf(request), request.params.email);
    request.patientList.shown(patientUserId === null ? [] : [patientUserId]);
    return confirmed;
  });
  route(
    app,
    api.bestaetigungErneutSenden,
    async (request) => {
      await accounts.resendConfirmation(sessionOf(request), request.body);
      return true as const;
    },
    account,
  );
}
