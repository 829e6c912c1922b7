import {
  abmeldenResponseSchema,
  cartCreateBodySchema,
  cartIdParamSchema,
  cartPatientIdParamSchema,
  cartSchema,
} from '@dihs/contract/cart';
import { terminIdParamSchema } from '@dihs/contract/termin';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { bearerSecurity, errorResponses } from '../../lib/route-schema.ts';
import { guard, sessionOf } from '../../plugins/auth.ts';
import { assertEmailConfirmed } from '../accounts/index.ts';
import { registerPaymentListener } from '../zahlung/index.ts';
import { createCartTimeoutScheduler } from './cart-job.ts';
import { cartPaymentListener } from './cart-payment.ts';
import { confirmCart, createCart, getCart, resetCart, type CartContext } from './cart.service.ts';
import { abmelden } from './storno.service.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['Warenkorb'];
const security = bearerSecurity;
const PATIENT = guard({ roles: ['PATIENT'] });
const BOOKING_OPERATOR = guard({ roles: ['BETREIBER'], anyPrivilege: ['PATIENT_TERMINE_BUCHEN'] });

/**
 * The booking cart (spec 2 "Booking cart dialog", section 7 "Cart"), the operator's booking for a patient and the
 * patient's direct booking and cancellation of one appointment.
 */
export async function cartRoutes(app: AppInstance, { db, mail, config, now: clock }: AppDeps) {
  const now = clock ?? (() => new Date());
  const ctx: CartContext = { db, now, mail, timeoutMinutes: config.cartTimeoutMinutes };
  registerPaymentListener('WARENKORB', cartPaymentListener(now));
  const timeouts = createCartTimeoutScheduler({ db, now, log: app.log });
  app.addHook('onReady', async () => timeouts.start());
  app.addHook('onClose', () => timeouts.stop());

  app.post(
    '/api/cart/create',
    {
      onRequest: PATIENT,
      schema: {
        tags,
        summary:
          'Warenkorb anlegen: Plätze reservieren, Zahlungsart je Termin festlegen (FIRMA, REZEPT, ABO, GUTHABEN, KARTE), Guthaben abbuchen',
        security,
        body: cartCreateBodySchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = sessionOf(request);
      await assertEmailConfirmed(db, userId);
      return createCart(ctx, {
        patientUserId: userId,
        createdByUserId: userId,
        terminIds: request.body.map((item) => item.id),
        mode: 'patient',
      });
    },
  );

  app.post(
    '/api/cart/confirm/:cartId',
    {
      onRequest: PATIENT,
      schema: {
        tags,
        summary: 'Warenkorb bestätigen: ohne Zahlbetrag sofort buchen, sonst die Zahlungsseite nennen',
        security,
        params: cartIdParamSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    (request) => confirmCart(ctx, request.params.cartId, { patientUserId: sessionOf(request).userId }),
  );

  app.get(
    '/api/cart/get/:cartId',
    {
      onRequest: PATIENT,
      schema: {
        tags,
        summary: 'Eigener Warenkorb mit Posten und Zahlungsstand',
        security,
        params: cartIdParamSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    (request) => getCart(ctx, request.params.cartId, { patientUserId: sessionOf(request).userId }),
  );

  app.get(
    '/api/cart/patient/cancelPayment/:cartId',
    {
      onRequest: PATIENT,
      schema: {
        tags,
        summary: 'Warenkorb zurücksetzen: Zahlung abbrechen, Plätze und Guthaben freigeben',
        security,
        params: cartIdParamSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    (request) => {
      const { userId } = sessionOf(request);
      return resetCart(ctx, request.params.cartId, { patientUserId: userId }, userId);
    },
  );

  app.post(
    '/api/cart/create/forpatient/:patientId',
    {
      onRequest: BOOKING_OPERATOR,
      schema: {
        tags,
        summary: 'Warenkorb für einen Patienten aus dessen Guthaben (fehlendes Guthaben: 409 mit KEIN_*_GUTHABEN)',
        security,
        params: cartPatientIdParamSchema,
        body: cartCreateBodySchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    (request) =>
      createCart(ctx, {
        patientUserId: request.params.patientId,
        createdByUserId: sessionOf(request).userId,
        terminIds: request.body.map((item) => item.id),
        mode: 'betreiber',
      }),
  );

  app.get(
    '/api/cart/get/betreiber/:cartId',
    {
      onRequest: BOOKING_OPERATOR,
      schema: {
        tags,
        summary: 'Ein Warenkorb (Betreiber)',
        security,
        params: cartIdParamSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    (request) => getCart(ctx, request.params.cartId, 'betreiber'),
  );

  app.post(
    '/api/cart/betreiber/confirm/:cartId',
    {
      onRequest: BOOKING_OPERATOR,
      schema: {
        tags,
        summary: 'Warenkorb für einen Patienten bestätigen (bucht sofort)',
        security,
        params: cartIdParamSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    (request) => confirmCart(ctx, request.params.cartId, 'betreiber'),
  );

  app.get(
    '/api/cart/betreiber/cancel/:cartId',
    {
      onRequest: BOOKING_OPERATOR,
      schema: {
        tags,
        summary: 'Warenkorb für einen Patienten zurücksetzen',
        security,
        params: cartIdParamSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    (request) => resetCart(ctx, request.params.cartId, 'betreiber', sessionOf(request).userId),
  );

  app.get(
    '/api/termin/patient/anmelden/:id',
    {
      onRequest: PATIENT,
      schema: {
        tags,
        summary:
          'Einen Termin direkt buchen, wenn Firma, Rezept, Abo oder Guthaben ihn decken (sonst 409: Warenkorb mit Zahlung)',
        security,
        params: terminIdParamSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = sessionOf(request);
      await assertEmailConfirmed(db, userId);
      return createCart(ctx, {
        patientUserId: userId,
        createdByUserId: userId,
        terminIds: [request.params.id],
        mode: 'direkt',
      });
    },
  );

  app.get(
    '/api/termin/patient/abmelden/:id',
    {
      onRequest: PATIENT,
      schema: {
        tags,
        summary: 'Eigene Buchung stornieren (bis 24 Stunden vor Beginn; Guthaben zurück, außer bei Firmenterminen)',
        security,
        params: terminIdParamSchema,
        response: { 200: abmeldenResponseSchema, ...errors },
      },
    },
    (request) => abmelden(db, sessionOf(request).userId, request.params.id, now()),
  );
}
