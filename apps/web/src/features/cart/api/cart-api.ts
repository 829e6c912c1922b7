import { cartEndpoints, type AbmeldenResponse, type Cart } from '@dihs/contract/cart';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { endpointQuery, invalidateEndpoints } from '../../../lib/endpoint-query.ts';
import { useViewerKey } from '../../../lib/session-context.ts';

/**
 * Whose cart: the patient's own, or one an operator books for a patient. The appointment plan's modus fits as it
 * is, so the plan page passes it through without the cart knowing the plan.
 */
export type CartModus = { kind: 'patient' } | { kind: 'betreiber'; patientId: number };

const optionalSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/**
 * GET /cart/get/{cartId} or /cart/get/betreiber/{cartId}: the cart the payment page returned to (?cart={id}). Not
 * kept once the page is left: the next return must show the cart's state then.
 */
export function useReturnedCart(modus: CartModus, cartId: number | null) {
  const viewer = useViewerKey();
  const params = { cartId: cartId ?? 0 };
  return useQuery({
    ...(modus.kind === 'patient'
      ? endpointQuery(cartEndpoints.eigener, viewer, { params })
      : endpointQuery(cartEndpoints.betreiberEiner, viewer, { params })),
    enabled: cartId !== null,
    gcTime: 0,
  });
}

/**
 * GET /cart/patient/offen: the patient's open booking (a cart that still holds seats and credit), or null. Only
 * the patient's own plan asks; an operator's plan has none to show.
 */
export function useOpenCart(modus: CartModus) {
  const viewer = useViewerKey();
  return useQuery({ ...endpointQuery(cartEndpoints.offen, viewer), enabled: modus.kind === 'patient' });
}

/**
 * What the cart's calls make stale of the cart's own answers (the open booking, a read-back cart). Seats, balance and
 * subscription belong to their features: the page that books reloads them with their own helpers.
 */
export const refreshCart = (queryClient: QueryClient) =>
  invalidateEndpoints(queryClient, cartEndpoints.eigener, cartEndpoints.betreiberEiner, cartEndpoints.offen);

const ids = (terminIds: readonly number[]) => terminIds.map((id) => ({ id }));

/** The cart calls of the plan (spec 2 section 7 "Cart"), for the patient or for the operator. */
export function cartApi(modus: CartModus) {
  const forPatient = modus.kind === 'patient' ? null : { patientId: modus.patientId };
  return {
    /** POST /cart/create or /cart/create/forpatient/{patientId}: reserves seats and credit. */
    create: (terminIds: readonly number[]): Promise<Cart> =>
      forPatient
        ? callEndpoint(cartEndpoints.anlegenFuerPatient, { params: forPatient, body: ids(terminIds) })
        : callEndpoint(cartEndpoints.anlegen, { body: ids(terminIds) }),
    /** POST /cart/confirm/{cartId}: books at once, or answers the payment page address. */
    confirm: (cartId: number): Promise<Cart> =>
      callEndpoint(forPatient ? cartEndpoints.betreiberBestaetigen : cartEndpoints.bestaetigen, { params: { cartId } }),
    /** GET /cart/get/{cartId}: the state after the payment. */
    get: (cartId: number, signal?: AbortSignal): Promise<Cart> =>
      callEndpoint(
        forPatient ? cartEndpoints.betreiberEiner : cartEndpoints.eigener,
        { params: { cartId } },
        optionalSignal(signal),
      ),
    /** GET /cart/patient/cancelPayment/{cartId} (reset): releases seats and credit. */
    reset: (cartId: number): Promise<Cart> =>
      callEndpoint(forPatient ? cartEndpoints.betreiberZuruecksetzen : cartEndpoints.zuruecksetzen, {
        params: { cartId },
      }),
  };
}
export type CartApi = ReturnType<typeof cartApi>;

/** GET /termin/patient/abmelden/{id}: cancels the own booking (the server checks the 24 hours). */
export const abmelden = (terminId: number): Promise<AbmeldenResponse> =>
  callEndpoint(cartEndpoints.abmelden, { params: { id: terminId } });
