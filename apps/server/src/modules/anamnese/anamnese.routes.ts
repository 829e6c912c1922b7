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
  /** The caller's own form: the patient is the session's user. */
  const own = async (request: Parameters<Parameters<typeof route>[2]>[0]) => {
    const { userId } = sessionOf(request);
    await request.patientRecord.admit(userId);
    return userId;
  };

  route(app, api.eigene, async (request) => anamneseVon(db, await own(request)));
  // the patient comes from the path: the need-to-know hook admitted the caller before the handler runs
  route(app, api.vonPatient, async (request) => {
    await patient(request.params.patientId);
    return anamneseVon(db, request.params.patientId);
  });
  route(app, api.speichern, async (request) => anamneseSpeichern(db, await own(request), request.body, now()));
  route(app, api.unterschreiben, async (request) => anamneseUnterschreiben(db, await own(request), now()));
  route(app, api.entfernen, async (request) => {
    const session = sessionOf(request);
    // a patient may leave the id out; naming another patient's id is refused by the admission like any other call
    const patientId = request.body.patientId ?? (session.role === 'PATIENT' ? session.userId : undefined);
    if (patientId === undefined) throw HttpError.badRequest(ANAMNESE_TEXTS.patientFehlt);
    await request.patientRecord.admit(patientId);
    await patient(patientId);
    return anamneseEntfernen(db, patientId);
  });
  route(app, api.pdfEigene, async (request, reply) => {
    const userId = await own(request);
    const pdf = await anamnesePdf(await anamneseOderNichtGefunden(db, userId), await patient(userId), now());
    return sendPdf(reply, 'anamnesebogen', pdf);
  });
  route(app, api.pdfVonPatient, async (request, reply) => {
    const { id } = request.params;
    const pdf = await anamnesePdf(await anamneseOderNichtGefunden(db, id), await patient(id), now());
    return sendPdf(reply, `anamnesebogen-${id}`, pdf);
  });
}
