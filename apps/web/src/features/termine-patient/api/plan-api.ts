import { aboPrivilegesResponseSchema } from '@dihs/contract/abo';
import { abmeldenResponseSchema, cartSchema, type AbmeldenResponse, type Cart } from '@dihs/contract/cart';
import { guthabenSchema } from '@dihs/contract/guthaben';
import { patientLookupSchema, therapeutenViewSchema, therapeutListSchema } from '@dihs/contract/profil';
import { terminPageSchema } from '@dihs/contract/termin';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useViewerKey } from '../../../app/session/session-context.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Who the plan is for: the patient itself (/patient/termine) or a patient an operator books for
 * (/betreiber/termine/patient/{patient}). Both use the same screen; only the calls differ.
 */
export type PlanModus = { kind: 'patient'; userId: number } | { kind: 'betreiber'; patientId: number };

const optionalSignal = (signal?: AbortSignal) => (signal ? { signal } : {});
const whoKey = (modus: PlanModus) => (modus.kind === 'patient' ? 'eigene' : modus.patientId);

/** Everything of the plan that a booking or cancellation changes: list, balance, cart. */
export const planKey = ['termine-plan'] as const;

/** The patient's user id (a patient's patientId is its user id). */
export const patientUserId = (modus: PlanModus) => (modus.kind === 'patient' ? modus.userId : modus.patientId);

/** GET /termin/patient/all or /termin/betreiber/for/all/{patientId}: one page, filtered and sorted in SQL. */
export function usePlanTermine(modus: PlanModus, query: URLSearchParams) {
  const viewer = useViewerKey();
  const path = modus.kind === 'patient' ? '/termin/patient/all' : `/termin/betreiber/for/all/${modus.patientId}`;
  const url = `${path}?${query.toString()}`;
  return useQuery({
    queryKey: [...planKey, 'liste', viewer, url],
    queryFn: ({ signal }) => apiRequest(url, { schema: terminPageSchema, ...optionalSignal(signal) }),
    placeholderData: keepPreviousData,
  });
}

/** GET /patient/getPatient or /patient/getByPatientId/{id}: the name of the heading and the firmaId. */
export function usePlanPatient(modus: PlanModus) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['termine-plan-patient', whoKey(modus), viewer],
    queryFn: ({ signal }) =>
      apiRequest(modus.kind === 'patient' ? '/patient/getPatient' : `/patient/getByPatientId/${modus.patientId}`, {
        schema: patientLookupSchema,
        ...optionalSignal(signal),
      }),
  });
}

/** GET /guthaben/patient/get or /guthaben/betreiber/get/{patientId}. */
export function usePlanGuthaben(modus: PlanModus) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: [...planKey, 'guthaben', whoKey(modus), viewer],
    queryFn: ({ signal }) =>
      apiRequest(modus.kind === 'patient' ? '/guthaben/patient/get' : `/guthaben/betreiber/get/${modus.patientId}`, {
        schema: guthabenSchema,
        ...optionalSignal(signal),
      }),
  });
}

/** GET /user/abo/{userId}/privileges: whether the subscription part of the balance bar is shown. */
export function usePlanHatAbo(modus: PlanModus) {
  const viewer = useViewerKey();
  const userId = patientUserId(modus);
  return useQuery({
    queryKey: [...planKey, 'abo', userId, viewer],
    queryFn: ({ signal }) =>
      apiRequest(`/user/abo/${userId}/privileges`, { schema: aboPrivilegesResponseSchema, ...optionalSignal(signal) }),
  });
}

/** GET /therapeut/patient/all: the therapist filter's choice. */
export function useTherapeutenFilter() {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['therapeuten', 'patient', viewer],
    queryFn: ({ signal }) =>
      apiRequest('/therapeut/patient/all', { schema: therapeutListSchema, ...optionalSignal(signal) }),
    staleTime: 5 * 60_000,
  });
}

/** GET /profil/other/{userId}/therapeut: the therapist's profile of the details dialog. */
export function useTherapeutProfil(userId: number | null) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['therapeut-profil', userId, viewer],
    queryFn: ({ signal }) =>
      apiRequest(`/profil/other/${userId}/therapeut`, { schema: therapeutenViewSchema, ...optionalSignal(signal) }),
    enabled: userId !== null,
  });
}

/** Reloads list, balance and subscription state after a booking, reset or cancellation. */
export function useRefreshPlan() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: planKey });
}

const ids = (terminIds: readonly number[]) => terminIds.map((id) => ({ id }));

/** The cart calls of the plan (spec 2 section 7 "Cart"), for the patient or for the operator. */
export function cartApi(modus: PlanModus) {
  const patient = modus.kind === 'patient';
  return {
    /** POST /cart/create or /cart/create/forpatient/{patientId}: reserves seats and credit. */
    create: (terminIds: readonly number[]): Promise<Cart> =>
      apiRequest(patient ? '/cart/create' : `/cart/create/forpatient/${modus.patientId}`, {
        method: 'POST',
        json: ids(terminIds),
        schema: cartSchema,
      }),
    /** POST /cart/confirm/{cartId}: books at once, or answers the payment page address. */
    confirm: (cartId: number): Promise<Cart> =>
      apiRequest(patient ? `/cart/confirm/${cartId}` : `/cart/betreiber/confirm/${cartId}`, {
        method: 'POST',
        schema: cartSchema,
      }),
    /** GET /cart/get/{cartId}: the state after the payment. */
    get: (cartId: number, signal?: AbortSignal): Promise<Cart> =>
      apiRequest(patient ? `/cart/get/${cartId}` : `/cart/get/betreiber/${cartId}`, {
        schema: cartSchema,
        ...optionalSignal(signal),
      }),
    /** GET /cart/patient/cancelPayment/{cartId} (reset): releases seats and credit. */
    reset: (cartId: number): Promise<Cart> =>
      apiRequest(patient ? `/cart/patient/cancelPayment/${cartId}` : `/cart/betreiber/cancel/${cartId}`, {
        schema: cartSchema,
      }),
  };
}
export type CartApi = ReturnType<typeof cartApi>;

/** GET /termin/patient/abmelden/{id}: cancels the own booking (the server checks the 24 hours). */
export const abmelden = (terminId: number): Promise<AbmeldenResponse> =>
  apiRequest(`/termin/patient/abmelden/${terminId}`, { schema: abmeldenResponseSchema });

/** POST /pdf/terminliste: the selected or shown appointments as a PDF. */
export const terminlistePdf = (terminIds: readonly number[]): Promise<Blob> =>
  apiRequest('/pdf/terminliste', { method: 'POST', json: { ids: terminIds }, blob: true });

/** GET /pdf/teilnahmebestaetigung/{id}. */
export const teilnahmePdf = (terminId: number): Promise<Blob> =>
  apiRequest(`/pdf/teilnahmebestaetigung/${terminId}`, { blob: true });

/** GET /pdf/terminbuchungsbestaetigung/{id}. */
export const buchungPdf = (terminId: number): Promise<Blob> =>
  apiRequest(`/pdf/terminbuchungsbestaetigung/${terminId}`, { blob: true });
