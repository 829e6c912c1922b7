import { errorEnvelopeSchema } from '@dihs/contract/common/errors';
import {
  guthabenAngebotListSchema,
  guthabenBuchungIdParamSchema,
  guthabenBuchungSchema,
  guthabenOfferIdParamSchema,
  guthabenPatientIdParamSchema,
  guthabenPdfIdParamSchema,
  guthabenSchema,
  guthabenStoreBodySchema,
  guthabenVerlaufSchema,
  placeOrderResponseSchema,
} from '@dihs/contract/guthaben';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { sendPdf } from '../../lib/reply.ts';
import { guard, sessionOf } from '../../plugins/auth.ts';
import { registerPaymentListener } from '../zahlung/index.ts';
import { renderGuthabenBestaetigung } from './guthaben-pdf.ts';
import {
  balanceForPatient,
  checkOrder,
  history,
  offers,
  onGuthabenPayment,
  orderForConfirmation,
  placeOrder,
  storeBalance,
} from './guthaben.service.ts';
import { errorResponses, bearerSecurity } from '../../lib/route-schema.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['Guthaben'];
const security = bearerSecurity;
const PATIENT = guard({ roles: ['PATIENT'] });
const OPERATOR = guard({ roles: ['BETREIBER'] });

/** Orders per patient and minute: each one opens a payment, so a loop of clicks must not pile them up. */
const ORDER_RATE_LIMIT = { max: 20, timeWindow: 60_000 } as const;

/** Credit: balances, the shop and its bookings, the operator's balance editing and the confirmation PDF. */
export async function guthabenRoutes(app: AppInstance, { db }: AppDeps) {
  registerPaymentListener('GUTHABEN', onGuthabenPayment);

  app.get(
    '/api/guthaben/patient/get',
    {
      onRequest: PATIENT,
      schema: {
        tags,
        summary: 'Eigenes Guthaben (alle zwölf Felder)',
        security,
        response: { 200: guthabenSchema, ...errors },
      },
    },
    (request) => balanceForPatient(db, sessionOf(request).userId),
  );

  app.get(
    '/api/guthaben/patient/verlauf',
    {
      onRequest: PATIENT,
      schema: {
        tags,
        summary: 'Eigene Guthabenbewegungen, neueste zuerst, mit offenen Schulden (über die Spezifikation hinaus)',
        security,
        response: { 200: guthabenVerlaufSchema, ...errors },
      },
    },
    (request) => history(db, sessionOf(request).userId),
  );

  app.get(
    '/api/guthaben/patient/getOffers',
    {
      onRequest: PATIENT,
      schema: {
        tags,
        summary: 'Buchbare Guthabenpakete',
        security,
        response: { 200: guthabenAngebotListSchema, ...errors },
      },
    },
    () => offers(db),
  );

  app.get(
    '/api/guthaben/patient/placeOrder/:offerId',
    {
      onRequest: PATIENT,
      config: {
        rateLimit: {
          ...ORDER_RATE_LIMIT,
          keyGenerator: (request) => `guthaben:${request.session?.userId ?? request.ip}`,
        },
      },
      schema: {
        tags,
        summary: 'Guthabenpaket bestellen; Antwort: Adresse der Bezahlseite',
        security,
        params: guthabenOfferIdParamSchema,
        response: { 200: placeOrderResponseSchema, ...errors, 429: errorEnvelopeSchema },
      },
    },
    (request) => placeOrder(db, sessionOf(request), request.params.offerId),
  );

  app.get(
    '/api/guthaben/patient/check/:buchungId',
    {
      onRequest: PATIENT,
      schema: {
        tags,
        summary: 'Status einer eigenen Guthabenbuchung',
        security,
        params: guthabenBuchungIdParamSchema,
        response: { 200: guthabenBuchungSchema, ...errors },
      },
    },
    (request) => checkOrder(db, sessionOf(request), request.params.buchungId),
  );

  app.get(
    '/api/guthaben/betreiber/get/:patientId',
    {
      onRequest: OPERATOR,
      schema: {
        tags,
        summary: 'Guthaben eines Patienten (Betreiber)',
        security,
        params: guthabenPatientIdParamSchema,
        response: { 200: guthabenSchema, ...errors },
      },
    },
    (request) => balanceForPatient(db, request.params.patientId),
  );

  app.get(
    '/api/guthaben/betreiber/verlauf/:patientId',
    {
      onRequest: OPERATOR,
      schema: {
        tags,
        summary: 'Guthabenbewegungen eines Patienten mit offenen Schulden (Betreiber)',
        security,
        params: guthabenPatientIdParamSchema,
        response: { 200: guthabenVerlaufSchema, ...errors },
      },
    },
    (request) => history(db, request.params.patientId),
  );

  app.post(
    '/api/guthaben/betreiber/store/:patientId',
    {
      onRequest: guard({ roles: ['BETREIBER'], anyPrivilege: ['GUTHABEN_AENDERN'] }),
      schema: {
        tags,
        summary: 'Vollständiges Guthaben eines Patienten setzen; Differenzen werden gebucht (GUTHABEN_AENDERN)',
        security,
        params: guthabenPatientIdParamSchema,
        body: guthabenStoreBodySchema,
        response: { 200: guthabenSchema, ...errors },
      },
    },
    (request) => storeBalance(db, sessionOf(request), request.params.patientId, request.body),
  );

  app.get(
    '/api/pdf/guthabenbestaetigung/:id',
    {
      onRequest: PATIENT,
      schema: {
        tags,
        summary: 'Buchungsbestätigung einer eigenen, bezahlten Guthabenbuchung (PDF)',
        security,
        params: guthabenPdfIdParamSchema,
        produces: ['application/pdf'],
        response: errors,
      },
    },
    async (request, reply) => {
      const { order, patient } = await orderForConfirmation(db, sessionOf(request), request.params.id);
      const pdf = await renderGuthabenBestaetigung(order, patient);
      return sendPdf(reply, `guthabenbestaetigung-${order.id}`, pdf);
    },
  );
}
