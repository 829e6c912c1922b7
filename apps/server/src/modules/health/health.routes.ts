import { errorEnvelopeSchema } from '@dihs/contract/common/errors';
import { healthResponseSchema, pingResponseSchema } from '@dihs/contract/health';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { pingDatabase } from '../../db/client.ts';

export async function healthRoutes(app: AppInstance, { db }: AppDeps) {
  // Liveness: answers without touching the database (also the bench's plain baseline).
  app.get(
    '/api/ping',
    {
      schema: {
        tags: ['Betrieb'],
        summary: 'Lebenszeichen des Prozesses, ohne Datenbank',
        response: { 200: pingResponseSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  // Readiness: the database answers too.
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['Betrieb'],
        summary: 'Lebenszeichen des Servers und der Datenbank',
        response: { 200: healthResponseSchema, 503: healthResponseSchema, 500: errorEnvelopeSchema },
      },
    },
    async (_request, reply) => {
      const databaseOk = await pingDatabase(db);
      if (!databaseOk) return reply.status(503).send({ status: 'fehler', database: 'fehler' });
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
}
