import { errorEnvelopeSchema } from '@dihs/contract/common/errors';
import {
  pageContentSchema,
  pageMetaSchema,
  pageSaveBodySchema,
  pageSavedSchema,
  pageUrlParamSchema,
} from '@dihs/contract/inhalt';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { guard } from '../../plugins/auth.ts';
import { pageForViewer, pageMeta, savePage } from './inhalt.service.ts';

const editorErrors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};

export async function inhaltRoutes(app: AppInstance, { db }: AppDeps) {
  // Editing pages is the navigation editors' right (spec 3, section 6).
  const editor = guard({ roles: ['BETREIBER'], anyPrivilege: ['NAVIGATION_EDITIEREN'] });

  app.get(
    '/api/inhalt/:url',
    {
      schema: {
        tags: ['Inhalt'],
        summary: 'Inhaltsseite (Titel, Bild, bereinigtes HTML)',
        params: pageUrlParamSchema,
        response: {
          200: pageContentSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    (request) => pageForViewer(db, request.params.url, request.session),
  );

  app.get(
    '/api/inhalt/:url/edit',
    {
      onRequest: editor,
      schema: {
        tags: ['Inhalt'],
        summary: 'Zugriffsregeln einer Seite für den Editor',
        security: [{ bearer: [] }],
        params: pageUrlParamSchema,
        response: { 200: pageMetaSchema, ...editorErrors },
      },
    },
    (request) => pageMeta(db, request.params.url),
  );

  app.post(
    '/api/inhalt/:url/edit',
    {
      onRequest: editor,
      schema: {
        tags: ['Inhalt'],
        summary: 'Seite speichern (HTML wird vor dem Speichern bereinigt; statische Seiten nur Titel, Bild, Inhalt)',
        security: [{ bearer: [] }],
        params: pageUrlParamSchema,
        body: pageSaveBodySchema,
        response: { 200: pageSavedSchema, ...editorErrors },
      },
    },
    (request) => savePage(db, request.params.url, request.body),
  );
}
