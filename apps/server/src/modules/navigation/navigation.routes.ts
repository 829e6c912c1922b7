import { errorEnvelopeSchema } from '@dihs/contract/common/errors';
import {
  emptyTrashResponseSchema,
  navigationEditSchema,
  navigationSaveBodySchema,
  navigationTreeSchema,
  pagesToDeleteSchema,
  trashBodySchema,
  trashIdParamSchema,
  trashListSchema,
} from '@dihs/contract/navigation';
import { z } from 'zod';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { guard } from '../../plugins/auth.ts';
import {
  disposePages,
  emptyTrash,
  navigationFor,
  navigationForEditor,
  restorePage,
  saveNavigation,
  trashList,
} from './navigation.service.ts';

const tags = ['Navigation'];
const security = [{ bearer: [] }];
const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };

export async function navigationRoutes(app: AppInstance, { db }: AppDeps) {
  // The menu tree and its pages are the navigation editors' (spec 3, section 6).
  const editor = guard({ roles: ['BETREIBER'], anyPrivilege: ['NAVIGATION_EDITIEREN'] });

  app.get(
    '/api/navigation',
    {
      schema: {
        tags,
        summary: 'Menübaum, gefiltert für den Betrachter',
        response: { 200: navigationTreeSchema, 401: errorEnvelopeSchema },
      },
    },
    (request) => navigationFor(db, request.session),
  );

  app.get(
    '/api/navigation/edit',
    {
      onRequest: editor,
      schema: {
        tags,
        summary: 'Der ganze Menübaum (mit inaktiven Seiten) und seine Version',
        security,
        response: { 200: navigationEditSchema, ...errors },
      },
    },
    () => navigationForEditor(db),
  );

  app.post(
    '/api/navigation/edit',
    {
      onRequest: editor,
      schema: {
        tags,
        summary:
          'Den ganzen Menübaum speichern (409 bei veralteter Version); Antwort: Seiten, die in keinem Menü mehr stehen',
        security,
        body: navigationSaveBodySchema,
        response: { 200: pagesToDeleteSchema, ...errors, 409: errorEnvelopeSchema },
      },
    },
    (request) => saveNavigation(db, request.body),
  );

  app.get(
    '/api/navigation/trash',
    {
      onRequest: editor,
      schema: {
        tags,
        summary: 'Seiten im Papierkorb',
        security,
        response: { 200: trashListSchema, ...errors },
      },
    },
    () => trashList(db),
  );

  app.post(
    '/api/navigation/trash',
    {
      onRequest: editor,
      schema: {
        tags,
        summary: 'Seiten ohne Menüeintrag in den Papierkorb legen oder (final) endgültig löschen',
        security,
        body: trashBodySchema,
        response: { 200: z.literal(true), ...errors },
      },
    },
    async (request) => {
      await disposePages(db, request.body);
      return true as const;
    },
  );

  app.post(
    '/api/navigation/trash/restore/:id',
    {
      onRequest: editor,
      schema: {
        tags,
        summary: 'Seite aus dem Papierkorb wiederherstellen (Menüeintrag am Ende der obersten Ebene)',
        security,
        params: trashIdParamSchema,
        response: { 200: z.literal(true), ...errors, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      await restorePage(db, request.params.id);
      return true as const;
    },
  );

  app.get(
    '/api/navigation/emptytrash',
    {
      onRequest: editor,
      schema: {
        tags,
        summary: 'Papierkorb leeren: alle Seiten darin endgültig löschen',
        security,
        response: { 200: emptyTrashResponseSchema, ...errors },
      },
    },
    () => emptyTrash(db),
  );
}
