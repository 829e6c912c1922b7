import { terminEndpoints as api, type Termin } from '@dihs/contract/termin';
import type { FastifyRequest } from 'fastify';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { sendPdf } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { teilnahmebestaetigungPdf, terminbuchungsbestaetigungPdf, terminlistePdf } from './termin-pdf.service.ts';
import {
  absagen,
  aktivieren,
  operatorList,
  operatorTermin,
  patientBookings,
  patientList,
  saveTermin,
  setTeilgenommen,
  therapistList,
} from './termin.service.ts';

/** The patients an operator's answer names (its participants, with ids in the operator's view): audited per patient. */
function participantsShown(request: FastifyRequest, termine: readonly Termin[], recordId?: number): void {
  const ids = termine.flatMap((t) => t.teilnehmerList.map((p) => p.userId).filter((id): id is number => id !== null));
  request.patientList.shown(ids, recordId);
}

export async function terminRoutes(app: AppInstance, { db, mail, now: clock }: AppDeps) {
  const now = clock ?? (() => new Date());
  // the lists answer pages of up to 200 appointments: written by their schema, not checked value by value
  const list = { schemaSerializer: true };
  route(
    app,
    api.betreiberAlle,
    async (request) => {
      const page = await operatorList(db, request.query, now());
      participantsShown(request, page.items);
      return page;
    },
    list,
  );
  route(app, api.planVonPatient, (request) => patientList(db, request.params.patientId, request.query, now()), list);
  route(app, api.aktivieren, (request) => aktivieren(db, request.params.id));
  route(app, api.absagen, (request) => absagen(db, mail, request.params.id, now(), sessionOf(request).userId));
  route(app, api.betreiberEiner, async (request) => {
    const termin = await operatorTermin(db, request.params.id, now());
    participantsShown(request, [termin], termin.id);
    return termin;
  });
  route(app, api.speichern, async (request) => {
    const termin = await saveTermin(db, request.body, now());
    participantsShown(request, [termin], termin.id);
    return termin;
  });
  // the patient in the body, the appointment in the path: admitted and audited by the declaration's rule
  route(app, api.teilgenommen, (request) => setTeilgenommen(db, request.params.terminId, request.body, now()));
  route(app, api.therapeutAlle, (request) =>
    therapistList(db, sessionOf(request).userId, request.params.status, now(), (ids) => request.patientList.shown(ids)),
  );
  route(app, api.patientAlle, (request) => patientList(db, sessionOf(request).userId, request.query, now()), list);
  route(app, api.angemeldet, (request) => patientBookings(db, sessionOf(request).userId, now()));
  route(app, api.terminlistePdf, async (request, reply) =>
    sendPdf(reply, 'Terminliste', await terminlistePdf(db, sessionOf(request).userId, request.body.ids, now())),
  );
  route(app, api.teilnahmePdf, async (request, reply) =>
    sendPdf(
      reply,
      'Teilnahmebestaetigung',
      await teilnahmebestaetigungPdf(db, sessionOf(request).userId, request.params.id, now()),
    ),
  );
  route(app, api.buchungPdf, async (request, reply) =>
    sendPdf(
      reply,
      'Terminbuchungsbestaetigung',
      await terminbuchungsbestaetigungPdf(db, sessionOf(request).userId, request.params.id, now()),
    ),
  );
}
