import { profilEndpoints as api } from '@dihs/contract/profil';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { sendPdf } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { createDokumentationService } from './dokumentation.service.ts';

/** Documentation entries on a patient and its PDF; therapists and operators only. */
export async function dokumentationRoutes(app: AppInstance, { db }: AppDeps) {
  const dokumentation = createDokumentationService({ db });

  // Therapists and operators have a path each; both write and read the same merged list.
  route(app, api.dokumentationAnlegen, (request) =>
    dokumentation.add(sessionOf(request), request.params.patientId, request.body),
  );
  route(app, api.dokumentation, (request) => dokumentation.list(request.params.patientId));
  route(app, api.dokumentationBetreiberAnlegen, (request) =>
    dokumentation.add(sessionOf(request), request.params.patientId, request.body),
  );
  route(app, api.dokumentationBetreiber, (request) => dokumentation.list(request.params.patientId));

  route(app, api.dokumentationPdf, async (request, reply) => {
    const pdf = await dokumentation.pdf(request.params.patientId);
    return sendPdf(reply, `patientendokumentation-${request.params.patientId}`, pdf);
  });
}
