import { z } from 'zod';
import {
  firmaFieldsSchema,
  firmaIdBodySchema,
  firmaKurzListeSchema,
  firmaListeSchema,
  firmaSchema,
  firmaSetzenPatientBodySchema,
  firmaSetzenTherapeutBodySchema,
  firmaUpdateBodySchema,
  firmaUserIdParamSchema,
  firmaZugehoerigkeitSchema,
} from '@dihs/contract/firma';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { guard, sessionOf } from '../../plugins/auth.ts';
import {
  aendereFirma,
  alleFirmen,
  alleFirmenKurz,
  entferneFirma,
  firmaVon,
  meineFirma,
  neueFirma,
  setzeFirma,
} from './firma.service.ts';
import { errorResponses, bearerSecurity } from '../../lib/route-schema.ts';

const errors = errorResponses(400, 401, 403, 404);
const security = bearerSecurity;
const tags = ['Firmen'];

export async function firmaRoutes(app: AppInstance, { db }: AppDeps) {
  // Company admin and assignments: BENUTZER_VERWALTEN (spec 1 section 6, spec 3 section 6).
  const firmenAdmin = guard({ roles: ['BETREIBER'], anyPrivilege: ['BENUTZER_VERWALTEN'] });

  app.get(
    '/api/firma/alle',
    {
      onRequest: guard({ roles: ['BETREIBER'] }),
      schema: {
        tags,
        summary: 'Alle Firmen mit allen Feldern',
        security,
        response: { 200: firmaListeSchema, ...errors },
      },
    },
    () => alleFirmen(db),
  );

  app.get(
    '/api/firma/alle/terminEditieren',
    {
      onRequest: guard({ roles: ['BETREIBER'], anyPrivilege: ['TERMINE_EDITIEREN', 'BENUTZER_VERWALTEN'] }),
      schema: {
        tags,
        summary: 'ID und Name aller Firmen',
        security,
        response: { 200: firmaKurzListeSchema, ...errors },
      },
    },
    () => alleFirmenKurz(db),
  );

  app.get(
    '/api/firma/meine',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: 'Die eigene Firmenzugehörigkeit oder null',
        security,
        response: { 200: firmaZugehoerigkeitSchema, ...errors },
      },
    },
    (request) => meineFirma(db, sessionOf(request)),
  );

  for (const [segment, role] of [
    ['patient', 'PATIENT'],
    ['therapeut', 'THERAPEUT'],
  ] as const) {
    app.get(
      `/api/firma/eine/${segment}/:id`,
      {
        onRequest: guard(),
        schema: {
          tags,
          summary: `Firmenzugehörigkeit eines ${role === 'PATIENT' ? 'Patienten' : 'Therapeuten'} (Betreiber oder der Benutzer selbst)`,
          security,
          params: firmaUserIdParamSchema,
          response: { 200: firmaZugehoerigkeitSchema, ...errors },
        },
      },
      (request) => firmaVon(db, sessionOf(request), request.params.id, role),
    );
  }

  app.post(
    '/api/firma/neu',
    {
      onRequest: firmenAdmin,
      schema: {
        tags,
        summary: 'Firma anlegen',
        security,
        body: firmaFieldsSchema,
        response: { 200: firmaSchema, ...errors },
      },
    },
    (request) => neueFirma(db, request.body),
  );

  app.post(
    '/api/firma/update',
    {
      onRequest: firmenAdmin,
      schema: {
        tags,
        summary: 'Firma ändern',
        security,
        body: firmaUpdateBodySchema,
        response: { 200: firmaSchema, ...errors },
      },
    },
    (request) => {
      const { id, ...values } = request.body;
      return aendereFirma(db, id, values);
    },
  );

  app.post(
    '/api/firma/entfernen',
    {
      onRequest: firmenAdmin,
      schema: {
        tags,
        summary: 'Firma löschen; ihre Benutzer und Seiten verlieren die Zuordnung',
        security,
        body: firmaIdBodySchema,
        response: { 200: z.literal(true), ...errors },
      },
    },
    async (request) => {
      await entferneFirma(db, request.body.id);
      return true as const;
    },
  );

  app.post(
    '/api/firma/setzen/patient',
    {
      onRequest: firmenAdmin,
      schema: {
        tags,
        summary: 'Firma eines Patienten setzen (firmaId -1 entfernt die Zugehörigkeit)',
        security,
        body: firmaSetzenPatientBodySchema,
        response: { 200: firmaZugehoerigkeitSchema, ...errors },
      },
    },
    (request) =>
      setzeFirma(db, sessionOf(request), {
        userId: request.body.patientId,
        role: 'PATIENT',
        firmaId: request.body.firmaId,
      }),
  );

  app.post(
    '/api/firma/setzen/therapeut',
    {
      onRequest: firmenAdmin,
      schema: {
        tags,
        summary: 'Firma eines Therapeuten setzen (firmaId -1 entfernt die Zugehörigkeit)',
        security,
        body: firmaSetzenTherapeutBodySchema,
        response: { 200: firmaZugehoerigkeitSchema, ...errors },
      },
    },
    (request) =>
      setzeFirma(db, sessionOf(request), {
        userId: request.body.therapeutId,
        role: 'THERAPEUT',
        firmaId: request.body.firmaId,
      }),
  );
}
