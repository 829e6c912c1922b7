import { deletionStatusSchema, isDeletedResponseSchema, patientIdParamSchema } from '@dihs/contract/loeschung';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { sendJsonString } from '../../lib/reply.ts';
import { guard, sessionOf } from '../../plugins/auth.ts';
import { createDeletionService } from './loeschung.service.ts';
import { errorResponses } from '../../lib/route-schema.ts';

const errors = errorResponses(400, 401, 403, 404);

export async function loeschungRoutes(app: AppInstance, { db, files }: AppDeps) {
  const deletion = createDeletionService({ db, log: app.log, deleteFiles: (keys) => files.deleteMany(keys) });
  app.addHook('onReady', () => deletion.resumeUnfinished());
  app.addHook('onClose', () => deletion.idle());
  const operatorWhoDeletes = guard({ roles: ['BETREIBER'], anyPrivilege: ['PATIENT_LOESCHEN'] });

  app.get(
    '/api/profil/betreiber/istgeloescht/:patientId/',
    {
      onRequest: operatorWhoDeletes,
      schema: {
        tags: ['Löschung'],
        summary: 'Ob die Löschung des Patienten begonnen hat oder abgeschlossen ist',
        security: [{ bearer: [] }],
        params: patientIdParamSchema,
        response: { 200: isDeletedResponseSchema, ...errors },
      },
    },
    (request) => deletion.isDeleted(request.params.patientId),
  );

  app.delete(
    '/api/profil/betreiber/deleteforever/:patientId/',
    {
      onRequest: operatorWhoDeletes,
      schema: {
        tags: ['Löschung'],
        summary: 'Patienten endgültig löschen (Hintergrundauftrag)',
        security: [{ bearer: [] }],
        params: patientIdParamSchema,
        response: { 200: deletionStatusSchema, ...errors },
      },
    },
    async (request, reply) => {
      const status = await deletion.start(request.params.patientId, sessionOf(request).userId);
      return sendJsonString(reply, status);
    },
  );
}
