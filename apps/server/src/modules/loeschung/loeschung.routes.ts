import { loeschungEndpoints as api } from '@dihs/contract/loeschung';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { sendJsonString } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { createDeletionService } from './loeschung.service.ts';

export async function loeschungRoutes(app: AppInstance, { db, files, modules }: AppDeps) {
  const deletion = createDeletionService({
    db,
    log: app.log,
    modules,
    deleteFiles: (keys) => files.deleteMany(keys),
  });
  app.addHook('onReady', () => deletion.resumeUnfinished());
  app.addHook('onClose', () => deletion.idle());
  route(app, api.istGeloescht, (request) => deletion.isDeleted(request.params.patientId));
  route(app, api.loeschen, async (request, reply) => {
    const status = await deletion.start(request.params.patientId, sessionOf(request).userId);
    return sendJsonString(reply, status);
  });
}
