import { statistikEndpoints as api, statistikFileName } from '@dihs/contract/statistik';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { ereignisZaehlen, statistikCsv } from './statistik.service.ts';

export async function statistikRoutes(app: AppInstance, { db }: AppDeps) {
  route(app, api.ereignis, async (request) => {
    await ereignisZaehlen(db, sessionOf(request).userId, request.body);
    return {};
  });
  route(app, api.herunterladen, async (request, reply) => {
    const { from, to } = request.query;
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${statistikFileName(from, to)}"`)
      .send(await statistikCsv(db, from, to));
  });
}
