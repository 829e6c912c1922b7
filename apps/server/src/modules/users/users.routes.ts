import { z } from 'zod';
import { lockedListSchema, roleParamSchema } from '@dihs/contract/auth';
import {
  adminEmailBodySchema,
  adminPasswordBodySchema,
  benutzerListEntrySchema,
  benutzerListeSchema,
  neuerBenutzerBodySchema,
  neuerBenutzerResponseSchema,
  privilegesBodySchema,
  roleBodySchema,
  unlockBodySchema,
  userIdParamSchema,
} from '@dihs/contract/benutzer';
import { errorEnvelopeSchema } from '@dihs/contract/common/errors';
import type { AppInstance, AppDeps } from '../../app-types.ts';
import { guard, sessionOf } from '../../plugins/auth.ts';
import {
  changeEmailByOperator,
  changePasswordByOperator,
  createUserByOperator,
  lockedUsers,
  setPrivileges,
  unlockUsers,
  usersOfRole,
} from './users.service.ts';
import { errorResponses, bearerSecurity } from '../../lib/route-schema.ts';

const errors = errorResponses(400, 401, 403, 404);
const security = bearerSecurity;

export async function usersRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps;
  // Operators with BENUTZER_VERWALTEN manage accounts (spec 3 section 6; spec 1 section 6).
  const userAdmin = guard({ roles: ['BETREIBER'], anyPrivilege: ['BENUTZER_VERWALTEN'] });

  app.get(
    '/api/user/locked/list',
    {
      onRequest: userAdmin,
      schema: {
        tags: ['Benutzer'],
        summary: 'E-Mail-Adressen der nach Fehlversuchen gesperrten Konten',
        security,
        response: { 200: lockedListSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema },
      },
    },
    () => lockedUsers(db),
  );

  app.post(
    '/api/user/locked/unlock',
    {
      onRequest: userAdmin,
      schema: {
        tags: ['Benutzer'],
        summary: 'Sperrungen nach Fehlversuchen aufheben; Antwort: die verbleibende Liste',
        security,
        body: unlockBodySchema,
        response: { 200: lockedListSchema, ...errors },
      },
    },
    (request) => unlockUsers(db, request.body),
  );

  app.post(
    '/api/benutzerliste',
    {
      onRequest: userAdmin,
      schema: {
        tags: ['Benutzer'],
        summary: 'Benutzer einer Rolle (Rolle als Name oder Zahl im Body); gelöschte Patienten fehlen',
        security,
        body: roleBodySchema,
        response: { 200: benutzerListeSchema, ...errors },
      },
    },
    (request) => usersOfRole(db, request.body),
  );

  app.post(
    '/api/user/other/:role/new',
    {
      onRequest: userAdmin,
      schema: {
        tags: ['Benutzer'],
        summary: 'Benutzer anlegen (Body: die E-Mail); Antwort: die neue ID oder null, wenn die Adresse vergeben ist',
        security,
        params: roleParamSchema,
        body: neuerBenutzerBodySchema,
        response: { 200: neuerBenutzerResponseSchema, ...errors },
      },
    },
    (request) => createUserByOperator(deps, request.params.role, request.body),
  );

  app.post(
    '/api/user/other/:id/privileges',
    {
      onRequest: userAdmin,
      schema: {
        tags: ['Benutzer'],
        summary: 'Berechtigungen und Aktiv-Status eines anderen Benutzers setzen (gilt ab dessen nächster Anmeldung)',
        security,
        params: userIdParamSchema,
        body: privilegesBodySchema,
        response: { 200: benutzerListEntrySchema, ...errors },
      },
    },
    (request) => setPrivileges(db, sessionOf(request).userId, request.params.id, request.body),
  );

  app.post(
    '/api/user/other/:id/email',
    {
      onRequest: userAdmin,
      schema: {
        tags: ['Benutzer'],
        summary: 'Login-E-Mail eines anderen Benutzers ändern (Body: die E-Mail)',
        security,
        params: userIdParamSchema,
        body: adminEmailBodySchema,
        response: { 200: z.literal(true), ...errors },
      },
    },
    async (request) => {
      await changeEmailByOperator(deps, sessionOf(request).userId, request.params.id, request.body);
      return true as const;
    },
  );

  app.post(
    '/api/user/other/:id/password',
    {
      onRequest: userAdmin,
      schema: {
        tags: ['Benutzer'],
        summary: 'Passwort eines anderen Benutzers setzen (Body: das Passwort)',
        security,
        params: userIdParamSchema,
        body: adminPasswordBodySchema,
        response: { 200: z.literal(true), ...errors },
      },
    },
    async (request) => {
      await changePasswordByOperator(deps, sessionOf(request).userId, request.params.id, request.body);
      return true as const;
    },
  );
}
