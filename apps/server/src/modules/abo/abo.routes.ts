import {
  aboBeendenBezahlaboBodySchema,
  aboBeendenFirmenaboBodySchema,
  aboCancelResponseSchema,
  aboHinweisListSchema,
  aboIdParamSchema,
  aboPaketChangeBodySchema,
  aboPaketFieldsSchema,
  aboPaketIdParamSchema,
  aboPaketListSchema,
  aboPaketSchema,
  aboPatientIdParamSchema,
  aboPaymentLinkResponseSchema,
  aboPlaceOrderResponseSchema,
  aboPrivilegesResponseSchema,
  aboSchema,
  aboUserIdParamSchema,
  aboZuweisenBodySchema,
  aktivesAboSchema,
} from '@dihs/contract/abo';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { sendJsonString, sendPdf } from '../../lib/reply.ts';
import { guard, sessionOf } from '../../plugins/auth.ts';
import { registerPaymentListener } from '../zahlung/index.ts';
import { createSubscriptionScheduler } from './abo-job.ts';
import { zahlungGeaendert } from './abo-lifecycle.ts';
import { allePakete, neuesPaket, paketAendern, standardPakete } from './abo-paket.service.ts';
import { aboBestaetigungPdf, aboKuendigungsBestaetigungPdf } from './abo-pdf.service.ts';
import {
  bestellen,
  bezahlaboBeenden,
  firmenaboBeenden,
  hatAbo,
  kuendigen,
  kuendigungWiderrufen,
  laufendesAbo,
  zahlungsHinweise,
  zahlungsLink,
  zuweisen,
} from './abo.service.ts';
import { errorResponses, bearerSecurity } from '../../lib/route-schema.ts';

const errors = errorResponses(400, 401, 403, 404);
const security = bearerSecurity;
const tags = ['Abo'];

/** How often the scheduled job looks for due renewals and ends. Dates are whole days, so this is on time. */
const JOB_INTERVAL_MS = 10 * 60 * 1000;

export async function aboRoutes(app: AppInstance, { db, now: clock }: AppDeps) {
  const now = clock ?? (() => new Date());
  registerPaymentListener('ABO', (tx, payment, newStatus, previousStatus) =>
    zahlungGeaendert(tx, payment, newStatus, previousStatus, now()),
  );
  const scheduler = createSubscriptionScheduler({ db, now, log: app.log, intervalMs: JOB_INTERVAL_MS });
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', () => scheduler.stop());

  // Packages and the subscriptions of others: ABOPAKETE_VERWALTEN (docs/decisions.md).
  const aboAdmin = guard({ roles: ['BETREIBER'], anyPrivilege: ['ABOPAKETE_VERWALTEN'] });
  const patient = guard({ roles: ['PATIENT'] });

  app.get(
    '/api/abo/betreiber/pakete/all',
    {
      onRequest: aboAdmin,
      schema: { tags, summary: 'Alle Abopakete', security, response: { 200: aboPaketListSchema, ...errors } },
    },
    () => allePakete(db),
  );

  app.post(
    '/api/abo/betreiber/pakete/add',
    {
      onRequest: aboAdmin,
      schema: {
        tags,
        summary: 'Abopaket anlegen',
        security,
        body: aboPaketFieldsSchema,
        response: { 200: aboPaketSchema, ...errors },
      },
    },
    (request) => neuesPaket(db, request.body),
  );

  app.post(
    '/api/abo/betreiber/pakete/change',
    {
      onRequest: aboAdmin,
      schema: {
        tags,
        summary: 'Abopaket ändern (laufende Abos behalten ihre gebuchten Bedingungen)',
        security,
        body: aboPaketChangeBodySchema,
        response: { 200: aboPaketSchema, ...errors },
      },
    },
    (request) => {
      const { aboPaketId, ...fields } = request.body;
      return paketAendern(db, aboPaketId, fields);
    },
  );

  app.get(
    '/api/abo/patient/getStandard',
    {
      onRequest: patient,
      schema: {
        tags,
        summary: 'Abopakete des Shops (aktiv und buchbar)',
        security,
        response: { 200: aboPaketListSchema, ...errors },
      },
    },
    () => standardPakete(db),
  );

  app.get(
    '/api/abo/patient/placeOrder/:id',
    {
      onRequest: patient,
      schema: {
        tags,
        summary: 'Abopaket buchen: Adresse der Bezahlseite, oder "" wenn nichts zu bezahlen ist',
        security,
        params: aboPaketIdParamSchema,
        response: { 200: aboPlaceOrderResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJsonString(reply, await bestellen(db, sessionOf(request).userId, request.params.id, now())),
  );

  app.get(
    '/api/abo/patient/aktiv',
    {
      onRequest: patient,
      schema: {
        tags,
        summary: 'Das eigene laufende Abo oder null',
        security,
        response: { 200: aktivesAboSchema, ...errors },
      },
    },
    (request) => laufendesAbo(db, sessionOf(request).userId, false),
  );

  app.get(
    '/api/abo/betreiber/:patientId/aktiv',
    {
      onRequest: guard({ roles: ['BETREIBER'] }),
      schema: {
        tags,
        summary: 'Das laufende Abo eines Patienten oder null',
        security,
        params: aboPatientIdParamSchema,
        response: { 200: aktivesAboSchema, ...errors },
      },
    },
    (request) => laufendesAbo(db, request.params.patientId, true),
  );

  app.get(
    '/api/abo/patient/paymentLink',
    {
      onRequest: patient,
      schema: {
        tags,
        summary: 'Adresse der Bezahlseite der fälligen Abo-Zahlung',
        security,
        response: { 200: aboPaymentLinkResponseSchema, ...errors },
      },
    },
    async (request, reply) => sendJsonString(reply, await zahlungsLink(db, sessionOf(request).userId)),
  );

  app.get(
    '/api/abo/patient/paymentNotice',
    {
      onRequest: patient,
      schema: {
        tags,
        summary: 'Hinweise zu Abo-Zahlungen',
        security,
        response: { 200: aboHinweisListSchema, ...errors },
      },
    },
    (request) => zahlungsHinweise(db, sessionOf(request).userId, now()),
  );

  app.get(
    '/api/abo/patient/cancel/:aboId',
    {
      onRequest: patient,
      schema: {
        tags,
        summary: 'Eigenes Abo zum Ende der Laufzeit kündigen; Antwort: letzter Vertragstag',
        security,
        params: aboIdParamSchema,
        response: { 200: aboCancelResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJsonString(reply, await kuendigen(db, sessionOf(request).userId, request.params.aboId, now())),
  );

  app.get(
    '/api/abo/patient/reactivate/:aboId',
    {
      onRequest: patient,
      schema: {
        tags,
        summary: 'Kündigung des eigenen Abos widerrufen',
        security,
        params: aboIdParamSchema,
        response: { 200: aboSchema, ...errors },
      },
    },
    (request) => kuendigungWiderrufen(db, sessionOf(request).userId, request.params.aboId, now()),
  );

  app.post(
    '/api/abo/betreiber/abozuweisen',
    {
      onRequest: aboAdmin,
      schema: {
        tags,
        summary: 'Einem Patienten ohne Abo ein aktives Paket zuweisen',
        security,
        body: aboZuweisenBodySchema,
        response: { 200: aboSchema, ...errors },
      },
    },
    (request) => zuweisen(db, sessionOf(request).userId, request.body, now()),
  );

  app.post(
    '/api/abo/betreiber/abobeenden/bezahlabo',
    {
      onRequest: aboAdmin,
      schema: {
        tags,
        summary: 'Bezahlabo sofort oder zum Ende der Laufzeit beenden',
        security,
        body: aboBeendenBezahlaboBodySchema,
        response: { 200: aboSchema, ...errors },
      },
    },
    (request) => bezahlaboBeenden(db, request.body, now()),
  );

  app.post(
    '/api/abo/betreiber/abobeenden/firmenabo',
    {
      onRequest: aboAdmin,
      schema: {
        tags,
        summary: 'Firmenabo zu einem Datum beenden (ein vergangenes Datum beendet es sofort)',
        security,
        body: aboBeendenFirmenaboBodySchema,
        response: { 200: aboSchema, ...errors },
      },
    },
    (request) => firmenaboBeenden(db, request.body, now()),
  );

  app.get(
    '/api/user/abo/:userId/privileges',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: 'Ob ein Abo läuft (Patienten nur für sich selbst)',
        security,
        params: aboUserIdParamSchema,
        response: { 200: aboPrivilegesResponseSchema, ...errors },
      },
    },
    (request) => hatAbo(db, sessionOf(request), request.params.userId),
  );

  app.get(
    '/api/pdf/abobestaetigung',
    {
      onRequest: patient,
      schema: { tags, summary: 'Abobestätigung als PDF', security, produces: ['application/pdf'], response: errors },
    },
    async (request, reply) =>
      sendPdf(reply, 'abobestaetigung', await aboBestaetigungPdf(db, sessionOf(request).userId, now())),
  );

  app.get(
    '/api/pdf/abokuendigungsbestaetigung',
    {
      onRequest: patient,
      schema: {
        tags,
        summary: 'Abokündigungsbestätigung als PDF',
        security,
        produces: ['application/pdf'],
        response: errors,
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        'abokuendigungsbestaetigung',
        await aboKuendigungsBestaetigungPdf(db, sessionOf(request).userId, now()),
      ),
  );
}
