import {
  bemerkungBodySchema,
  betreiberProfilAenderungSchema,
  betreiberProfilSchema,
  eigenesProfilSchema,
  lookupIdParamSchema,
  nameOnlySchema,
  patientLookupSchema,
  patientProfilResponseSchema,
  profilAenderungSchema,
  profilPatientIdParamSchema,
  profilUserIdParamSchema,
  therapeutBetreiberListSchema,
  therapeutenViewSchema,
  therapeutListEntrySchema,
  therapeutListSchema,
} from '@dihs/contract/profil';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { guard, sessionOf } from '../../plugins/auth.ts';
import { dokumentationRoutes } from './dokumentation.routes.ts';
import { profilbildRoutes } from './profilbild.routes.ts';
import { createProfilService } from './profil.service.ts';
import { errorResponses, bearerSecurity } from '../../lib/route-schema.ts';

const errors = errorResponses(400, 401, 403, 404);
const security = bearerSecurity;

/** Profiles (spec 1 section 7 "Profiles"), therapist lists and patient lookups (spec 2 section 7), documentation, photos. */
export async function profilRoutes(app: AppInstance, deps: AppDeps) {
  const profil = createProfilService({ db: deps.db });
  const tags = ['Profil'];
  const operator = guard({ roles: ['BETREIBER'] });
  const userManager = guard({ roles: ['BETREIBER'], anyPrivilege: ['BENUTZER_VERWALTEN'] });

  app.get(
    '/api/profil/my',
    {
      onRequest: guard(),
      schema: { tags, summary: 'Eigenes Profil', security, response: { 200: eigenesProfilSchema, ...errors } },
    },
    (request) => profil.myProfile(sessionOf(request).userId),
  );

  app.post(
    '/api/profil/change',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: 'Eigene Profilfelder ändern (nur die der eigenen Rolle; E-Mail und Passwort haben eigene Aufrufe)',
        security,
        body: profilAenderungSchema,
        response: { 200: eigenesProfilSchema, ...errors },
      },
    },
    (request) => profil.changeOwn(sessionOf(request), request.body),
  );

  app.get(
    '/api/profil/other/:userId/therapeut',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: 'Profil einer Therapeutin oder eines Therapeuten, wie Patienten es sehen',
        security,
        params: profilUserIdParamSchema,
        response: { 200: therapeutenViewSchema, ...errors },
      },
    },
    (request) => profil.therapistProfile(request.params.userId),
  );

  app.get(
    '/api/profil/other/:userId/patient',
    {
      onRequest: guard({ roles: ['THERAPEUT', 'BETREIBER'] }),
      schema: {
        tags,
        summary: 'Profil eines Patienten: verkürzt für Therapeuten, vollständig für Betreiber',
        security,
        params: profilUserIdParamSchema,
        response: { 200: patientProfilResponseSchema, ...errors },
      },
    },
    (request) => profil.patientProfile(sessionOf(request), request.params.userId),
  );

  app.get(
    '/api/profil/other/:userId/betreiber',
    {
      onRequest: operator,
      schema: {
        tags,
        summary: 'Profil eines beliebigen Benutzers in der Betreiberansicht',
        security,
        params: profilUserIdParamSchema,
        response: { 200: betreiberProfilSchema, ...errors },
      },
    },
    (request) => profil.operatorProfile(sessionOf(request).userId, request.params.userId),
  );

  app.post(
    '/api/profil/other/:userId/betreiber',
    {
      onRequest: userManager,
      schema: {
        tags,
        summary: 'Profilfelder eines anderen Benutzers ändern (nie das eigene Profil)',
        security,
        params: profilUserIdParamSchema,
        body: betreiberProfilAenderungSchema,
        response: { 200: betreiberProfilSchema, ...errors },
      },
    },
    (request) => profil.changeByOperator(sessionOf(request).userId, request.params.userId, request.body),
  );

  app.post(
    '/api/profil/other/:patientId/bemerkung',
    {
      onRequest: operator,
      schema: {
        tags,
        summary: 'Allgemeine Bemerkungen zu einem Patienten (Text)',
        security,
        params: profilPatientIdParamSchema,
        body: bemerkungBodySchema,
        response: { 200: betreiberProfilSchema, ...errors },
      },
    },
    (request) => profil.setRemarks(sessionOf(request).userId, request.params.patientId, request.body),
  );

  app.get(
    '/api/profil/nameonly',
    {
      onRequest: guard(),
      schema: { tags, summary: 'Eigener Vor- und Nachname', security, response: { 200: nameOnlySchema, ...errors } },
    },
    (request) => profil.nameOnly(sessionOf(request)),
  );

  app.get(
    '/api/profil/nameonly/:patientId',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: 'Vor- und Nachname eines Patienten (der Patient selbst, Therapeuten, Betreiber)',
        security,
        params: profilPatientIdParamSchema,
        response: { 200: nameOnlySchema, ...errors },
      },
    },
    (request) => profil.nameOnly(sessionOf(request), request.params.patientId),
  );

  const therapeutTags = ['Therapeuten'];
  app.get(
    '/api/therapeut/patient/all',
    {
      onRequest: guard(),
      schema: {
        tags: therapeutTags,
        summary: 'Therapeutenverzeichnis (aktive Therapeuten mit Listenanzeige)',
        security,
        response: { 200: therapeutListSchema, ...errors },
      },
    },
    () => profil.listedTherapists(),
  );

  app.get(
    '/api/therapeut/betreiber/all',
    {
      onRequest: operator,
      schema: {
        tags: therapeutTags,
        summary: 'Alle Therapeuten mit Status und Listenanzeige',
        security,
        response: { 200: therapeutBetreiberListSchema, ...errors },
      },
    },
    () => profil.allTherapists(),
  );

  app.get(
    '/api/therapeut/therapeut/my',
    {
      onRequest: guard({ roles: ['THERAPEUT'] }),
      schema: {
        tags: therapeutTags,
        summary: 'Eigener Therapeuteneintrag (mit Firma)',
        security,
        response: { 200: therapeutListEntrySchema, ...errors },
      },
    },
    (request) => profil.ownTherapistEntry(sessionOf(request).userId),
  );

  const patientTags = ['Patienten'];
  for (const path of ['/api/patient/getByPatientId/:id', '/api/patient/getByUserId/:id'] as const) {
    app.get(
      path,
      {
        onRequest: guard(),
        schema: {
          tags: patientTags,
          summary: 'Patient nach ID (Patienten nur sich selbst)',
          security,
          params: lookupIdParamSchema,
          response: { 200: patientLookupSchema, ...errors },
        },
      },
      (request) => profil.patientLookup(sessionOf(request), request.params.id),
    );
  }

  app.get(
    '/api/patient/getPatient',
    {
      onRequest: guard({ roles: ['PATIENT'] }),
      schema: {
        tags: patientTags,
        summary: 'Der eigene Patienteneintrag',
        security,
        response: { 200: patientLookupSchema, ...errors },
      },
    },
    (request) => profil.patientLookup(sessionOf(request), sessionOf(request).userId),
  );

  await dokumentationRoutes(app, deps);
  await profilbildRoutes(app, deps);
}
