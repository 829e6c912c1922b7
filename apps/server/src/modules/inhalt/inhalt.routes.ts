import { errorEnvelopeSchema } from '@dihs/contract/common/errors';
import { pageContentSchema, pageUrlParamSchema } from '@dihs/contract/inhalt';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { pageForViewer } from './inhalt.service.ts';

export async function inhaltRoutes(app: AppInstance, { db }: AppDeps) {
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
}
