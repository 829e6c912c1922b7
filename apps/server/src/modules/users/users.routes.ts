import { lockedListSchema } from '@dihs/contract/auth';
import { errorEnvelopeSchema } from '@dihs/contract/common/errors';
import type { AppInstance, AppDeps } from '../../app-types.ts';
import { guard } from '../../plugins/auth.ts';
import { lockedUsers } from './users.service.ts';

export async function usersRoutes(app: AppInstance, { db }: AppDeps) {
  app.get(
    '/api/user/locked/list',
    {
      onRequest: guard({ roles: ['BETREIBER'], anyPrivilege: ['BENUTZER_VERWALTEN'] }),
      schema: {
        tags: ['Benutzer'],
        summary: 'E-Mail-Adressen der nach Fehlversuchen gesperrten Konten',
        security: [{ bearer: [] }],
        response: { 200: lockedListSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema },
      },
    },
    () => lockedUsers(db),
  );
}
