import { ANAMNESE_TEXTS, anamneseEndpoints as api } from '@dihs/contract/anamnese';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { sendPdf } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { patientOderNichtGefunden } from '../fragebogen/index.ts';
import { anamnesePdf } from './anamnese-pdf.ts';
import {
  anamneseEntfernen,
  anamneseOderNichtGefunden,
  anamneseSpeichern,
  anamneseUnterschreiben,
  anamneseVon,
} from './anamnese.service.ts';

/** The medical history: the patient fills and signs their own; others read it on need-to-know (audited). */
export async function anamneseRoutes(app: AppInstance, { db, now: clock }: AppDeps) {
  const now = clock ?? (() => new Date());
  const patient = (id: number) => patientOderNichtGefunden(db, id, ANAMNESE_TEXTS.patientNichtGefunden);
  // the declarations name the patient (the caller, the path or the body): the need-to-know hook admitted the caller
  // before a handler runs
  route(app, api.eigene, (request) => anamneseVon(db, sessionOf(request).userId));
  route(app, api.vonPatient, async (request) => {
    await patient(request.params.patientId);
    return anamneseVon(db, request.params.patientId);
  });
  route(app, api.speichern, (request) => anamneseSpeichern(db, sessionOf(request).userId, request.body, now()));
  route(app, api.unterschreiben, (request) => anamneseUnterschreiben(db, sessionOf(request).userId, now()));
  route(app, api.entfernen, async (request) => {
    const session = sessionOf(request);
    // a patient may leave the id out (the declaration admitted the caller then); an operator must name one
    const patientId = request.body.patientId ?? (session.role === 'PATIENT' ? session.userId : undefined);
    if (patientId === undefined) throw HttpError.badRequest(ANAMNESE_TEXTS.patientFehlt);
    await patient(patientId);
    return anamneseEntfernen(db, patientId);
  });
  route(app, api.pdfEigene, async (request, reply) => {
    const { userId } = sessionOf(request);
    const pdf = await anamnesePdf(await anamneseOderNichtGefunden(db, userId), await patient(userId), now());
    return sendPdf(reply, 'anamnesebogen', pdf);
  });
  route(app, api.pdfVonPatient, async (request, reply) => {
    const { id } = request.params;
    const pdf = await anamnesePdf(await anamneseOderNichtGefunden(db, id), await patient(id), now());
    return sendPdf(reply, `anamnesebogen-${id}`, pdf);
  });
}
