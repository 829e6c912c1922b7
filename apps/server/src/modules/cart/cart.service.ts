import { CART_MESSAGES, type Cart } from '@dihs/contract/cart';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { openPaymentAddress } from './cart-pay.service.ts';
import { owns, readView, toCart, type CartContext, type CartViewer } from './cart-view.ts';
import { findCart, findOpenOwnCart } from './cart.repository.ts';
import type { WarenkorbRow } from './cart.table.ts';

// The cart's reads. Its steps are services of their own: cart-reserve (a new cart takes seats and credit),
// cart-pay (the payment page), cart-confirm (booking, by the patient or the payment), cart-expire (reset, timeout).

/** The patient's own open cart that still holds seats and credit (not past its time), or undefined. */
export async function findOpenCart(db: Database, patientUserId: number, now: Date): Promise<WarenkorbRow | undefined> {
  const cart = await findOpenOwnCart(db, patientUserId);
  return cart && cart.expiresAt > now ? cart : undefined;
}

/** GET /cart/patient/offen: the open booking as the dialog shows it, or null. */
export async function getOpenCart(ctx: CartContext, patientUserId: number): Promise<Cart | null> {
  const now = ctx.now();
  const cart = await findOpenCart(ctx.db, patientUserId, now);
  if (!cart) return null;
  const [view, redirectUrl] = await Promise.all([readView(ctx.db, cart), openPaymentAddress(ctx.db, cart, now)]);
  return toCart(cart, view, redirectUrl);
}

/** Reads a cart (the dialog polls it): redirectUrl is the open payment's page, null after a cancelled checkout. */
export async function getCart(ctx: CartContext, cartId: number, viewer: CartViewer): Promise<Cart> {
  const cart = await findCart(ctx.db, cartId);
  if (!cart || !owns(cart, viewer)) throw HttpError.notFound(CART_MESSAGES.unbekannt);
  const [view, redirectUrl] = await Promise.all([readView(ctx.db, cart), openPaymentAddress(ctx.db, cart, ctx.now())]);
  return toCart(cart, view, redirectUrl);
}
