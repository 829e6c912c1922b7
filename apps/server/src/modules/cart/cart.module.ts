import { CART_MESSAGES } from '@dihs/contract/cart';
import type { ModuleDescriptor } from '../module-descriptor.ts';
import { createCartTimeoutScheduler, releaseOpenCartsOf } from './cart-job.ts';
import { cartDashboardTiles } from './cart.dashboard.ts';
import { cartPaymentListener } from './cart-payment.ts';
import { exportPatient, findCart } from './cart.repository.ts';
import { cartRoutes } from './cart.routes.ts';

/** The booking cart: reservations that expire (scheduled) and are booked when their card payment arrives. */
export const cartModule: ModuleDescriptor = {
  name: 'cart',
  routes: cartRoutes,
  jobs: ({ db, now, log, config, metrics }) => [
    createCartTimeoutScheduler({ db, now, log, metrics, intervalMs: config.cartExpiryIntervalSeconds * 1000 }),
  ],
  paymentListeners: ({ now }) => ({ WARENKORB: cartPaymentListener(now) }),
  // open carts of an erased patient end: payment cancelled, seats freed, no refund (the account is gone)
  erasePatient: (tx, userId) => releaseOpenCartsOf(tx, userId, new Date()),
  exportPatient,
  dashboardTiles: cartDashboardTiles,
  // an operator addresses a patient's cart by its own id: whose it is, for the need-to-know check before the handler
  recordOwners: {
    WARENKORB: {
      async patientOf(db, cartId) {
        const cart = await findCart(db, cartId);
        return cart ? { patientUserId: cart.patientUserId } : null;
      },
      notFound: CART_MESSAGES.unbekannt,
    },
  },
};
