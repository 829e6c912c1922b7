import { FRAGEBOGEN_TEXTS, fragebogenEndpoints as api, fragebogenFhirDateiname } from '@dihs/contract/fragebogen';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { sendDownload, sendPdf } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { befundPdf } from './befund-pdf.ts';
import {
  alleDefinitionen,
  definitionAlsFhir,
  definitionImportieren,
  definitionSpeichern,
  frageEntfernen,
  frageHinzufuegen,
  neueDefinition,
} from './definition.service.ts';
import {
  frageboegenVon,
  neuerPatientFragebogen,
  patientFragebogen,
  patientFragebogenSpeichern,
  patientFragebogenZeile,
} from './patient-fragebogen.service.ts';
import { patientOderNichtGefunden } from './patient-lookup.ts';

/** Questionnaire definitions (operators) and the patients' questionnaires (need-to-know, audited). */
export async function fragebogenRoutes(app: AppInstance, { db, now: clock, config }: AppDeps) {
  const now = clock ?? (() => new Date());
  const patient = (id: number) => patientOderNichtGefunden(db, id, FRAGEBOGEN_TEXTS.patientNichtGefunden);

  // the declarations name the patient (the caller, the path, or the questionnaire's own id, resolved by the
  // descriptor's recordOwners): the need-to-know hook admitted the caller before a handler runs
  route(app, api.eigene, (request) => frageboegenVon(db, sessionOf(request).userId));
  route(app, api.vonPatient, async (request) => {
    await patient(request.params.patientId);
    return frageboegenVon(db, request.params.patientId);
  });
  route(app, api.neu, async (request) => {
    await patient(request.params.patientId);
    return neuerPatientFragebogen(db, request.params.patientId, sessionOf(request).userId);
  });
  // the questionnaire is read (locked) in the service's transaction only
  route(app, api.speichern, (request) => patientFragebogenSpeichern(db, request.body, null));
  route(app, api.abgeben, (request) => patientFragebogenSpeichern(db, request.body, now()));
  route(app, api.pdf, async (request, reply) => {
    const row = await patientFragebogenZeile(db, request.params.id);
    const pdf = await befundPdf(await patientFragebogen(db, row), await patient(row.patientUserId), now());
    return sendPdf(reply, `befundfragebogen-${row.id}`, pdf);
  });

  route(app, api.definitionen, () => alleDefinitionen(db));
  route(app, api.definitionNeu, () => neueDefinition(db));
  route(app, api.frageHinzufuegen, (request) => frageHinzufuegen(db, request.body));
  route(app, api.frageEntfernen, (request) => frageEntfernen(db, request.body.id));
  route(app, api.definitionSpeichern, (request) => definitionSpeichern(db, request.body, null));
  route(app, api.definitionVeroeffentlichen, (request) => definitionSpeichern(db, request.body, now()));

  // FHIR R4 Questionnaire out and in (docs/fhir.md): definitions are no patient records, so nothing is audited
  route(app, api.definitionFhir, async (request, reply) => {
    const questionnaire = await definitionAlsFhir(db, request.params.id, config.publicUrl);
    return sendDownload(
      reply,
      'application/fhir+json; charset=utf-8',
      fragebogenFhirDateiname(request.params.id),
      JSON.stringify(questionnaire, null, 2),
    );
  });
  route(app, api.definitionImportieren, (request) => definitionImportieren(db, request.body.file.data));
}
