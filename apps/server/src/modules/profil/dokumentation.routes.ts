import {
  dokumentationBodySchema,
  dokumentationEintragSchema,
  dokumentationListSchema,
  profilPatientIdParamSchema,
} from '@dihs/contract/profil';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { sendPdf } from '../../lib/reply.ts';
import { guard, sessionOf } from '../../plugins/auth.ts';
import { createDokumentationService } from './dokumentation.service.ts';
import { errorResponses, bearerSecurity } from '../../lib/route-schema.ts';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['Dokumentation'];
const security = bearerSecurity;

/** Documentation entries on a patient and its PDF; therapists and operators only. */
export async function dokumentationRoutes(app: AppInstance, { db }: AppDeps) {
  const dokumentation = createDokumentationService({ db });

  for (const [path, role, who] of [
    ['/api/dokumentation/:patientId', 'THERAPEUT', 'Therapeut'],
    ['/api/dokumentation/betreiber/:patientId', 'BETREIBER', 'Betreiber'],
  ] as const) {
    app.post(
      path,
      {
        onRequest: guard({ roles: [role] }),
        schema: {
          tags,
          summary: `Dokumentationseintrag zu einem Patienten schreiben (${who}, Text)`,
          security,
          params: profilPatientIdParamSchema,
          body: dokumentationBodySchema,
          response: { 200: dokumentationEintragSchema, ...errors },
        },
      },
      (request) => dokumentation.add(sessionOf(request), request.params.patientId, request.body),
    );

    app.get(
      path,
      {
        onRequest: guard({ roles: [role] }),
        schema: {
          tags,
          summary: `Dokumentation eines Patienten, Einträge von Therapeuten und Betreibern, neueste zuerst (${who})`,
          security,
          params: profilPatientIdParamSchema,
          response: { 200: dokumentationListSchema, ...errors },
        },
      },
      (request) => dokumentation.list(request.params.patientId),
    );
  }

  app.get(
    '/api/pdf/patientendokumentation/:patientId',
    {
      onRequest: guard({ roles: ['THERAPEUT', 'BETREIBER'] }),
      schema: {
        tags,
        summary: 'Patientendokumentation als PDF',
        security,
        params: profilPatientIdParamSchema,
        produces: ['application/pdf'],
        response: errors,
      },
    },
    async (request, reply) => {
      const pdf = await dokumentation.pdf(request.params.patientId);
      return sendPdf(reply, `patientendokumentation-${request.params.patientId}`, pdf);
    },
  );
}
