import {
  VERWALTUNG_TYPEN,
  verwaltungDeleteBodySchema,
  verwaltungEintragSchema,
  verwaltungListSchema,
  verwaltungSaveBodySchema,
} from '@dihs/contract/verwaltung';
import { errorEnvelopeSchema } from '@dihs/contract/common/errors';
import { z } from 'zod';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { guard } from '../../plugins/auth.ts';
import { entriesOfType, generalEntries } from './verwaltung.repository.ts';
import { removeEntry, saveEntry } from './verwaltung.service.ts';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};
const security = [{ bearer: [] }];
const tags = ['Verwaltung'];

export async function verwaltungRoutes(app: AppInstance, { db }: AppDeps) {
  const admin = guard({ roles: ['BETREIBER'], anyPrivilege: ['ANWENDUNG_VERWALTEN'] });
  // The two lists feed the appointment form, so appointment editors read them too.
  const listReader = guard({ roles: ['BETREIBER'], anyPrivilege: ['ANWENDUNG_VERWALTEN', 'TERMINE_EDITIEREN'] });

  app.get(
    '/api/betreiber/verwaltung/Befunde/get',
    {
      onRequest: listReader,
      schema: { tags, summary: 'Befunde', security, response: { 200: verwaltungListSchema, ...errors } },
    },
    () => entriesOfType(db, VERWALTUNG_TYPEN.befund),
  );
  app.get(
    '/api/betreiber/verwaltung/Einzeltermine/Inhalte/get',
    {
      onRequest: listReader,
      schema: { tags, summary: 'Einzeltermin-Inhalte', security, response: { 200: verwaltungListSchema, ...errors } },
    },
    () => entriesOfType(db, VERWALTUNG_TYPEN.einzelterminInhalt),
  );
  app.get(
    '/api/betreiber/verwaltung/Sonstige/get',
    {
      onRequest: admin,
      schema: { tags, summary: 'Sonstige Einstellungen', security, response: { 200: verwaltungListSchema, ...errors } },
    },
    () => generalEntries(db),
  );
  app.post(
    '/api/betreiber/verwaltung/save',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Einstellung speichern (ohne id neu)',
        security,
        body: verwaltungSaveBodySchema,
        response: { 200: verwaltungEintragSchema, ...errors },
      },
    },
    (request) => saveEntry(db, request.body),
  );
  app.post(
    '/api/betreiber/verwaltung/delete',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Einstellung löschen',
        security,
        body: verwaltungDeleteBodySchema,
        response: { 200: z.object({ id: z.number().int() }), ...errors },
      },
    },
    async (request) => {
      await removeEntry(db, request.body.id);
      return { id: request.body.id };
    },
  );
}
