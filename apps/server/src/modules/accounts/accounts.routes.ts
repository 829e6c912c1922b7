import type { FastifyRequest } from 'fastify';
import {
  codeParamSchema,
  confirmedResponseSchema,
  emailAendernBodySchema,
  emailParamSchema,
  emailTextBodySchema,
  okResponseSchema,
  passwortAendernBodySchema,
  passwortAendernResponseSchema,
  passwortSetzenBodySchema,
  registrierenBodySchema,
} from '@dihs/contract/accounts';
import { errorEnvelopeSchema } from '@dihs/contract/common/errors';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { guard, sessionOf } from '../../plugins/auth.ts';
import { createAccountsService } from './accounts.service.ts';

const MINUTE = 60_000;
const TAG = ['Konten'];
const errors = { 400: errorEnvelopeSchema, 429: errorEnvelopeSchema };
const loggedInErrors = { ...errors, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };

export async function accountsRoutes(app: AppInstance, { db, config, mail, tokens }: AppDeps) {
  const accounts = createAccountsService({ db, publicUrl: config.publicUrl, mail, tokens });
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

  app.post(
    '/api/patient/registrieren',
    {
      config: ipLimit,
      schema: {
        tags: TAG,
        summary: 'Registrierung als Patient (Antwort unabhängig davon, ob die Adresse schon ein Konto hat)',
        body: registrierenBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await accounts.register(request.body);
      return true as const;
    },
  );

  app.get(
    '/api/patient/email/bestaetigen/:code',
    {
      config: ipLimit,
      schema: {
        tags: TAG,
        summary: 'E-Mail-Adresse mit dem Code aus der Bestätigungs-E-Mail bestätigen',
        params: codeParamSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await accounts.confirmEmail(request.params.code);
      return true as const;
    },
  );

  app.get(
    '/api/patient/email/reset/:code',
    {
      config: ipLimit,
      schema: {
        tags: TAG,
        summary: 'E-Mail-Änderung mit dem Code aus der E-Mail an die neue Adresse abschließen',
        params: codeParamSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await accounts.completeEmailChange(request.params.code);
      return true as const;
    },
  );

  app.post(
    '/api/patient/passwort/reset',
    {
      config: ipLimit,
      schema: {
        tags: TAG,
        summary: 'Passwort-Zurücksetzen anfordern (Antwort unabhängig davon, ob die Adresse existiert)',
        body: emailTextBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await accounts.requestPasswordReset(request.body);
      return true as const;
    },
  );

  app.post(
    '/api/patient/passwort/reset/:code',
    {
      config: ipLimit,
      schema: {
        tags: TAG,
        summary: 'Neues Passwort mit dem Code aus der E-Mail setzen (Zurücksetzen oder erstes Passwort)',
        params: codeParamSchema,
        body: passwortSetzenBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await accounts.setPasswordWithCode(request.params.code, request.body.passwort);
      return true as const;
    },
  );

  app.post(
    '/api/patient/email/aendern',
    {
      onRequest: guard(),
      config: accountLimit,
      schema: {
        tags: TAG,
        summary: 'Eigene E-Mail-Adresse ändern (aktuelles Passwort nötig; wirksam nach Bestätigung)',
        security: [{ bearer: [] }],
        body: emailAendernBodySchema,
        response: { 200: okResponseSchema, ...loggedInErrors },
      },
    },
    async (request) => {
      await accounts.changeOwnEmail(sessionOf(request).userId, request.body);
      return true as const;
    },
  );

  app.post(
    '/api/patient/passwort/aendern',
    {
      onRequest: guard(),
      config: accountLimit,
      schema: {
        tags: TAG,
        summary:
          'Eigenes Passwort ändern (aktuelles Passwort nötig); beendet alle anderen Sitzungen, die Antwort trägt ein neues Token',
        security: [{ bearer: [] }],
        body: passwortAendernBodySchema,
        response: { 200: passwortAendernResponseSchema, ...loggedInErrors },
      },
    },
    (request) => accounts.changeOwnPassword(sessionOf(request), request.body),
  );

  app.get(
    '/api/patient/email/confirmed/:email',
    {
      onRequest: guard(),
      schema: {
        tags: TAG,
        summary: 'Ob die E-Mail-Adresse bestätigt ist (Betreiber mit BENUTZER_VERWALTEN oder die eigene)',
        security: [{ bearer: [] }],
        params: emailParamSchema,
        response: { 200: confirmedResponseSchema, ...loggedInErrors, 404: errorEnvelopeSchema },
      },
    },
    (request) => accounts.isEmailConfirmed(sessionOf(request), request.params.email),
  );

  app.post(
    '/api/patient/email/erneutsenden',
    {
      onRequest: guard(),
      config: accountLimit,
      schema: {
        tags: TAG,
        summary: 'Bestätigungs-E-Mail erneut senden (Betreiber mit BENUTZER_VERWALTEN oder die eigene Adresse)',
        security: [{ bearer: [] }],
        body: emailTextBodySchema,
        response: { 200: okResponseSchema, ...loggedInErrors, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      await accounts.resendConfirmation(sessionOf(request), request.body);
      return true as const;
    },
  );
}
