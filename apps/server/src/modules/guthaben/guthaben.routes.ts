import { guthabenEndpoints as api } from '@dihs/contract/guthaben';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { sendPdf } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { renderGuthabenBestaetigung } from './guthaben-pdf.ts';
import {
  balanceForPatient,
  checkOrder,
  history,
  offers,
  orderForConfirmation,
  placeOrder,
  storeBalance,
} from './guthaben.service.ts';

/** Orders per patient and minute: each one opens a payment, so a loop of clicks must not pile them up. */
const ORDER_RATE_LIMIT = { max: 20, timeWindow: 60_000 } as const;

/** Credit: balances, the shop and its bookings, the operator's balance editing and the confirmation PDF. */
export async function guthabenRoutes(app: AppInstance, { db }: AppDeps) {
  route(app, api.eigenes, (request) => balanceForPatient(db, sessionOf(request).userId));
  route(app, api.eigenerVerlauf, (request) => history(db, sessionOf(request).userId));
  route(app, api.angebote, () => offers(db));
  route(app, api.bestellen, (request) => placeOrder(db, sessionOf(request), request.params.offerId), {
    config: {
      rateLimit: {
        ...ORDER_RATE_LIMIT,
        keyGenerator: (request) => `guthaben:${request.session?.userId ?? request.ip}`,
      },
    },
  });
  route(app, api.buchung, (request) => checkOrder(db, sessionOf(request), request.params.buchungId));
  route(app, api.vonPatient, (request) => balanceForPatient(db, request.params.patientId));
  route(app, api.verlaufVonPatient, (request) => history(db, request.params.patientId));
  route(app, api.speichern, (request) => storeBalance(db, sessionOf(request), request.params.patientId, request.body));
  route(app, api.bestaetigungPdf, async (request, reply) => {
    const { order, patient } = await orderForConfirmation(db, sessionOf(request), request.params.id);
    const pdf = await renderGuthabenBestaetigung(order, patient);
    return sendPdf(reply, `guthabenbestaetigung-${order.id}`, pdf);
  });
}
