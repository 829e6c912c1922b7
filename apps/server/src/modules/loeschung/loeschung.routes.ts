import { loeschungEndpoints as api } from '@dihs/contract/loeschung';
import type { AppInstance } from '../../app-types.ts';
import { sendJsonString } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { route } from '../../plugins/endpoint-route.ts';
import type { DeletionService } from './loeschung.service.ts';

export async function loeschungRoutes(app: AppInstance, deletion: DeletionService) {
  route(app, api.istGeloescht, (request) => deletion.isDeleted(request.params.patientId));
  route(app, api.loeschen, async (request, reply) => {
    const status = await deletion.start(request.params.patientId, sessionOf(request).userId);
    return sendJsonString(reply, status);
  });
}
