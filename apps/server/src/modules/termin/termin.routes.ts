import { z } from 'zod';
import { errorEnvelopeSchema } from '@dihs/contract/common/errors';
import {
  teilgenommenBodySchema,
  teilnehmerSchema,
  terminBetreiberQuerySchema,
  terminFormSchema,
  terminIdAsTerminIdParamSchema,
  terminIdParamSchema,
  terminlisteBodySchema,
  terminPageSchema,
  terminPatientIdParamSchema,
  terminPatientQuerySchema,
  terminSchema,
  terminStatusParamSchema,
  terminStatusResponseSchema,
} from '@dihs/contract/termin';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { sendPdf } from '../../lib/reply.ts';
import { guard, sessionOf } from '../../plugins/auth.ts';
import { createReminderScheduler } from './termin-erinnerung.ts';
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

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};
const security = [{ bearer: [] }];
const tags = ['Termine'];

export async function terminRoutes(app: AppInstance, { config, db, mail, now: clock }: AppDeps) {
  const now = clock ?? (() => new Date());
  const reminders = createReminderScheduler({
    db,
    now,
    log: app.log,
    intervalMs: config.reminderIntervalSeconds * 1000,
    mail,
  });
  app.addHook('onReady', async () => reminders.start());
  app.addHook('onClose', () => reminders.stop());

  const editor = guard({ roles: ['BETREIBER'], anyPrivilege: ['TERMINE_EDITIEREN'] });
  const therapist = guard({ roles: ['THERAPEUT'] });
  const patient = guard({ roles: ['PATIENT'] });
  // the operator booking for a patient shows that patient's plan (spec 2 "Operator booking for a patient")
  const planReader = guard({ roles: ['BETREIBER'], anyPrivilege: ['TERMINE_EDITIEREN', 'PATIENT_TERMINE_BUCHEN'] });

  app.get(
    '/api/termin/betreiber/all',
    {
      onRequest: editor,
      schema: {
        tags,
        summary: 'Alle Termine (Filter Terminarten und Zeitraum, nach Beginn sortiert, seitenweise)',
        security,
        querystring: terminBetreiberQuerySchema,
        response: { 200: terminPageSchema, ...errors },
      },
    },
    (request) => operatorList(db, request.query, now()),
  );

  app.get(
    '/api/termin/betreiber/for/all/:patientId',
    {
      onRequest: planReader,
      schema: {
        tags,
        summary: 'Terminplan eines Patienten (wie der Patient ihn sieht)',
        security,
        params: terminPatientIdParamSchema,
        querystring: terminPatientQuerySchema,
        response: { 200: terminPageSchema, ...errors },
      },
    },
    (request) => patientList(db, request.params.patientId, request.query, now()),
  );

  app.get(
    '/api/termin/betreiber/aktivieren/:id',
    {
      onRequest: editor,
      schema: {
        tags,
        summary: 'Termin aktivieren (PLANUNG → AKTIV)',
        security,
        params: terminIdParamSchema,
        response: { 200: terminStatusResponseSchema, ...errors },
      },
    },
    (request) => aktivieren(db, request.params.id),
  );

  app.get(
    '/api/termin/betreiber/absagen/:id',
    {
      onRequest: editor,
      schema: {
        tags,
        summary:
          'Termin absagen (AKTIV → ABGESAGT; Plätze frei, Guthaben zurück, Teilnehmer per E-Mail benachrichtigt)',
        security,
        params: terminIdParamSchema,
        response: { 200: terminStatusResponseSchema, ...errors },
      },
    },
    (request) => absagen(db, mail, request.params.id, now(), sessionOf(request).userId),
  );

  app.get(
    '/api/termin/betreiber/:id',
    {
      onRequest: editor,
      schema: {
        tags,
        summary: 'Ein Termin mit Teilnehmern',
        security,
        params: terminIdParamSchema,
        response: { 200: terminSchema, ...errors },
      },
    },
    (request) => operatorTermin(db, request.params.id, now()),
  );

  app.post(
    '/api/termin/betreiber/save',
    {
      onRequest: editor,
      schema: {
        tags,
        summary: 'Termin anlegen (ohne id, Status PLANUNG) oder ändern',
        security,
        body: terminFormSchema,
        response: { 200: terminSchema, ...errors },
      },
    },
    (request) => saveTermin(db, request.body, now()),
  );

  app.post(
    '/api/terminanmeldung/patient/teilgenommen/:terminId',
    {
      onRequest: editor,
      schema: {
        tags,
        summary: 'Teilnahme eines Patienten bestätigen oder zurücknehmen',
        security,
        params: terminIdAsTerminIdParamSchema,
        body: teilgenommenBodySchema,
        response: { 200: teilnehmerSchema, ...errors },
      },
    },
    (request) => setTeilgenommen(db, request.params.terminId, request.body, now()),
  );

  app.get(
    '/api/termin/therapeut/all/:status',
    {
      onRequest: therapist,
      schema: {
        tags,
        summary: 'Eigene Termine eines Status ab heute, mit Teilnehmern',
        security,
        params: terminStatusParamSchema,
        response: { 200: z.array(terminSchema), ...errors },
      },
    },
    (request) => therapistList(db, sessionOf(request).userId, request.params.status, now()),
  );

  app.get(
    '/api/termin/patient/all',
    {
      onRequest: patient,
      schema: {
        tags,
        summary: 'Terminplan: buchbare, für die eigene Firma freigegebene Termine und eigene Buchungen',
        security,
        querystring: terminPatientQuerySchema,
        response: { 200: terminPageSchema, ...errors },
      },
    },
    (request) => patientList(db, sessionOf(request).userId, request.query, now()),
  );

  app.get(
    '/api/termin/patient/angemeldet',
    {
      onRequest: patient,
      schema: {
        tags,
        summary: 'Eigene gebuchte und reservierte Termine',
        security,
        response: { 200: z.array(terminSchema), ...errors },
      },
    },
    (request) => patientBookings(db, sessionOf(request).userId, now()),
  );

  app.post(
    '/api/pdf/terminliste',
    {
      onRequest: patient,
      schema: {
        tags,
        summary: 'Terminliste als PDF (ausgewählte oder gefilterte Termine, nach Beginn sortiert)',
        security,
        body: terminlisteBodySchema,
        response: errors,
      },
    },
    async (request, reply) =>
      sendPdf(reply, 'Terminliste', await terminlistePdf(db, sessionOf(request).userId, request.body.ids, now())),
  );

  app.get(
    '/api/pdf/teilnahmebestaetigung/:id',
    {
      onRequest: patient,
      schema: {
        tags,
        summary: 'Teilnahmebestätigung (nach Terminende, bei bestätigter Teilnahme)',
        security,
        params: terminIdParamSchema,
        response: errors,
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        'Teilnahmebestaetigung',
        await teilnahmebestaetigungPdf(db, sessionOf(request).userId, request.params.id, now()),
      ),
  );

  app.get(
    '/api/pdf/terminbuchungsbestaetigung/:id',
    {
      onRequest: patient,
      schema: {
        tags,
        summary: 'Terminbuchungsbestätigung der eigenen Buchung',
        security,
        params: terminIdParamSchema,
        response: errors,
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        'Terminbuchungsbestaetigung',
        await terminbuchungsbestaetigungPdf(db, sessionOf(request).userId, request.params.id, now()),
      ),
  );
}
