import { aboEndpoints } from '@dihs/contract/abo';
import { cartEndpoints } from '@dihs/contract/cart';
import { guthabenEndpoints } from '@dihs/contract/guthaben';
import { profilEndpoints } from '@dihs/contract/profil';
import { terminEndpoints, type TerminPatientQuery } from '@dihs/contract/termin';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useViewerKey } from '../../../lib/session-context.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { endpointQuery, invalidateEndpoints, useEndpointQuery } from '../../../lib/endpoint-query.ts';

/**
 * Who the plan is for: the patient itself (/patient/termine) or a patient an operator books for
 * (/betreiber/termine/patient/{patient}). Both use the same screen; only the calls differ.
 */
export type PlanModus = { kind: 'patient'; userId: number } | { kind: 'betreiber'; patientId: number };

/** The patient's user id (a patient's patientId is its user id). */
export const patientUserId = (modus: PlanModus) => (modus.kind === 'patient' ? modus.userId : modus.patientId);

/** GET /termin/patient/all or /termin/betreiber/for/all/{patientId}: one page, filtered and sorted in SQL. */
export function usePlanTermine(modus: PlanModus, query: URLSearchParams) {
  const viewer = useViewerKey();
  // the filter builds the query as text (one value per key, see apiQueryOf); the server's schema parses it
  const input = Object.fromEntries(query) as TerminPatientQuery;
  const options =
    modus.kind === 'patient'
      ? endpointQuery(terminEndpoints.patientAlle, viewer, { query: input })
      : endpointQuery(terminEndpoints.planVonPatient, viewer, { params: { patientId: modus.patientId }, query: input });
  return useQuery({ ...options, placeholderData: keepPreviousData });
}

/** GET /patient/getPatient or /patient/getByPatientId/{id}: the name of the heading and the firmaId. */
export function usePlanPatient(modus: PlanModus) {
  const viewer = useViewerKey();
  return useQuery(
    modus.kind === 'patient'
      ? endpointQuery(profilEndpoints.eigenerPatient, viewer)
      : endpointQuery(profilEndpoints.patientNachPatientId, viewer, { params: { id: modus.patientId } }),
  );
}

/** GET /guthaben/patient/get or /guthaben/betreiber/get/{patientId}. */
export function usePlanGuthaben(modus: PlanModus) {
  const viewer = useViewerKey();
  return useQuery(
    modus.kind === 'patient'
      ? endpointQuery(guthabenEndpoints.eigenes, viewer)
      : endpointQuery(guthabenEndpoints.vonPatient, viewer, { params: { patientId: modus.patientId } }),
  );
}

/** GET /user/abo/{userId}/privileges: whether the subscription part of the balance bar is shown. */
export const usePlanHatAbo = (modus: PlanModus) =>
  useEndpointQuery(aboEndpoints.hatAbo, { params: { userId: patientUserId(modus) } });

/** GET /therapeut/patient/all: the therapist filter's choice. */
export const useTherapeutenFilter = () =>
  useEndpointQuery(profilEndpoints.therapeutenVerzeichnis, undefined, { staleTime: 5 * 60_000 });

/** GET /profil/other/{userId}/therapeut: the therapist's profile of the details dialog. */
export const useTherapeutProfil = (userId: number | null) =>
  useEndpointQuery(profilEndpoints.therapeutView, { params: { userId: userId ?? 0 } }, { enabled: userId !== null });

/** Reloads list, balance, subscription state and the returned cart after a booking, reset or cancellation. */
export function useRefreshPlan() {
  const queryClient = useQueryClient();
  return () =>
    invalidateEndpoints(
      queryClient,
      terminEndpoints.patientAlle,
      terminEndpoints.planVonPatient,
      guthabenEndpoints.eigenes,
      guthabenEndpoints.vonPatient,
      aboEndpoints.hatAbo,
      cartEndpoints.eigener,
      cartEndpoints.betreiberEiner,
      cartEndpoints.offen,
    );
}

/** POST /pdf/terminliste: the selected or shown appointments as a PDF. */
export const terminlistePdf = (terminIds: readonly number[]): Promise<Blob> =>
  callEndpoint(terminEndpoints.terminlistePdf, { body: { ids: [...terminIds] } });

/** GET /pdf/teilnahmebestaetigung/{id}. */
export const teilnahmePdf = (terminId: number): Promise<Blob> =>
  callEndpoint(terminEndpoints.teilnahmePdf, { params: { id: terminId } });

/** GET /pdf/terminbuchungsbestaetigung/{id}. */
export const buchungPdf = (terminId: number): Promise<Blob> =>
  callEndpoint(terminEndpoints.buchungPdf, { params: { id: terminId } });
