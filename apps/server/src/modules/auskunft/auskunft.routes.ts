import {
  auskunftEndpoints as api,
  datenauskunftDateiname,
  fhirDateiname,
  UEBERMITTLUNG_TEXTS,
} from '@dihs/contract/auskunft';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { HttpError } from '../../lib/http-error.ts';
import { sendDownload } from '../../lib/reply.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { findPersonById } from '../profil/index.ts';
import { insertUebermittlung } from './auskunft.repository.ts';
import { collectDatenauskunft } from './auskunft.service.ts';
import { collectFhirBundle } from './fhir.service.ts';

const FHIR_JSON = 'application/fhir+json; charset=utf-8';

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
    return sendDownload(
      reply,
      'application/json; charset=utf-8',
      datenauskunftDateiname(at),
      JSON.stringify(body, null, 2),
    );
  });

  route(app, api.fhir, async (request, reply) => {
    // the same records as the JSON file, as one FHIR R4 Bundle (docs/fhir.md); audited like it (kind EXPORT)
    const { userId } = sessionOf(request);
    const at = now();
    const { db, files, objects, config, modules } = deps;
    const bundle = await collectFhirBundle({ db, files, objects, config, modules }, userId, at);
    return sendDownload(reply, FHIR_JSON, fhirDateiname(at), JSON.stringify(bundle, null, 2));
  });

  route(app, api.fhirUebermitteln, async (request, reply) => {
    // an operator with PATIENTENDATEN_UEBERMITTELN (admitted and audited before this runs); the reason is kept
    const { userId } = sessionOf(request);
    const { patientId } = request.params;
    const person = await findPersonById(deps.db, patientId);
    if (!person || person.user.role !== 'PATIENT' || person.user.deletedAt) {
      throw HttpError.notFound(UEBERMITTLUNG_TEXTS.keinPatient);
    }
    const at = now();
    await insertUebermittlung(deps.db, {
      patientUserId: patientId,
      betreiberUserId: userId,
      grund: request.body.grund,
      erstelltAm: at,
    });
    const { db, files, objects, config, modules } = deps;
    const bundle = await collectFhirBundle({ db, files, objects, config, modules }, patientId, at);
    return sendDownload(reply, FHIR_JSON, fhirDateiname(at), JSON.stringify(bundle, null, 2));
  });
}
