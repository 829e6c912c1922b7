import { auskunftEndpoints as api, datenauskunftDateiname, fhirDateiname } from '@dihs/contract/auskunft';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { collectDatenauskunft } from './auskunft.service.ts';
import { collectFhirBundle } from './fhir.service.ts';

export async function auskunftRoutes(
  app: AppInstance,
  deps: Pick<AppDeps, 'db' | 'files' | 'objects' | 'config' | 'modules' | 'now'>,
) {
  const now = deps.now ?? (() => new Date());
  route(app, api.herunterladen, async (request, reply) => {
    // the patient's own records (self): need-to-know passes, and the export itself goes into the audit log
    const { userId } = sessionOf(request);
    const at = now();
    const { db, files, objects, config, modules } = deps;
    const body = await collectDatenauskunft({ db, files, objects, config, modules }, userId, at);
    // a download, never cached: it holds every health record of the patient
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${datenauskunftDateiname(at)}"`)
      .header('cache-control', 'no-store')
      .send(JSON.stringify(body, null, 2));
  });

  route(app, api.fhir, async (request, reply) => {
    // the same records as the JSON file, as one FHIR R4 Bundle (docs/fhir.md); audited like it (kind EXPORT)
    const { userId } = sessionOf(request);
    const at = now();
    const { db, files, objects, config, modules } = deps;
    const bundle = await collectFhirBundle({ db, files, objects, config, modules }, userId, at);
    return reply
      .type('application/fhir+json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fhirDateiname(at)}"`)
      .header('cache-control', 'no-store')
      .send(JSON.stringify(bundle, null, 2));
  });
}
