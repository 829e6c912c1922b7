import { healthEndpoints as api } from '@dihs/contract/health';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { pingDatabase } from '../../db/client.ts';
import { route } from '../../plugins/endpoint-route.ts';

export async function healthRoutes(app: AppInstance, { db }: AppDeps) {
  // the bench's plain baseline: written by its schema (endpoint-route.ts), not by zod
  route(app, api.ping, async () => ({ status: 'ok' as const }), { schemaSerializer: true });
  route(app, api.health, async (_request, reply) => {
    const databaseOk = await pingDatabase(db);
    if (!databaseOk) return reply.status(503).send({ status: 'fehler', database: 'fehler' });
    return { status: 'ok' as const, database: 'ok' as const };
  });
}
