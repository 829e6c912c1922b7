import { cartEndpoints as api } from '@dihs/contract/cart';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { confirmCart } from './cart-confirm.service.ts';
import { resetCart } from './cart-expire.service.ts';
import { createCart } from './cart-reserve.service.ts';
import type { CartContext } from './cart-view.ts';
import { getCart, getOpenCart } from './cart.service.ts';
import { abmelden } from './storno.service.ts';

/**
 * The booking cart (spec 2 "Booking cart dialog", section 7 "Cart"), the operator's booking for a patient and the
 * patient's direct booking and cancellation of one appointment.
 */
export async function cartRoutes(app: AppInstance, { db, mail, config, now: clock }: AppDeps) {
  const now = clock ?? (() => new Date());
  const ctx: CartContext = { db, now, mail, timeoutMinutes: config.cartTimeoutMinutes };
  // a patient books only after consenting to the current consent texts: the declarations' requiresConsent (checked
  // before the handler); the confirmed address is checked by createCart on the patient row it locks anyway
  route(app, api.anlegen, (request) => {
    const { userId } = sessionOf(request);
    return createCart(ctx, {
      patientUserId: userId,
      createdByUserId: userId,
      terminIds: request.body.map((item) => item.id),
      mode: 'patient',
    });
  });
  route(app, api.bestaetigen, (request) =>
    confirmCart(ctx, request.params.cartId, { patientUserId: sessionOf(request).userId }),
  );
  route(app, api.offen, (request) => getOpenCart(ctx, sessionOf(request).userId));
  route(app, api.eigener, (request) =>
    getCart(ctx, request.params.cartId, { patientUserId: sessionOf(request).userId }),
  );
  route(app, api.zuruecksetzen, (request) => {
    const { userId } = sessionOf(request);
    return resetCart(ctx, request.params.cartId, { patientUserId: userId }, userId);
  });
  route(app, api.anlegenFuerPatient, (request) =>
    createCart(ctx, {
      patientUserId: request.params.patientId,
      createdByUserId: sessionOf(request).userId,
      terminIds: request.body.map((item) => item.id),
      mode: 'betreiber',
    }),
  );
  // a cart addressed by its own id: the descriptor's recordOwners names its patient to the need-to-know check
  // before the handler runs (an unknown cart: 404 there, with the service's message)
  route(app, api.betreiberEiner, (request) => getCart(ctx, request.params.cartId, 'betreiber'));
  route(app, api.betreiberBestaetigen, (request) => confirmCart(ctx, request.params.cartId, 'betreiber'));
  route(app, api.betreiberZuruecksetzen, (request) =>
    resetCart(ctx, request.params.cartId, 'betreiber', sessionOf(request).userId),
  );
  route(app, api.anmelden, (request) => {
    const { userId } = sessionOf(request);
    return createCart(ctx, {
      patientUserId: userId,
      createdByUserId: userId,
      terminIds: [request.params.id],
      mode: 'direkt',
    });
  });
  route(app, api.abmelden, (request) => abmelden(db, sessionOf(request).userId, request.params.id, now()));
}
