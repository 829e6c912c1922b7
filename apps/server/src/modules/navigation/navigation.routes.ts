import { errorEnvelopeSchema } from '@dihs/contract/common/errors';
import { navigationTreeSchema } from '@dihs/contract/navigation';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { navigationFor } from './navigation.service.ts';

export async function navigationRoutes(app: AppInstance, { db }: AppDeps) {
  app.get(
    '/api/navigation',
    {
      schema: {
        tags: ['Navigation'],
        summary: 'Menübaum, gefiltert für den Betrachter',
        response: { 200: navigationTreeSchema, 401: errorEnvelopeSchema },
      },
    },
    (request) => navigationFor(db, request.session),
  );
}
