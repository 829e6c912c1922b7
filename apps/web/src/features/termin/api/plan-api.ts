import { aboEndpoints } from '@dihs/contract/abo';
import { cartEndpoints } from '@dihs/contract/cart';
import { guthabenEndpoints } from '@dihs/contract/guthaben';
import { profilEndpoints } from '@dihs/contract/profil';
import { terminEndpoints, type TerminPatientQuery } from '@dihs/contract/termin';
import { verwaltungEndpoints } from '@dihs/contract/verwaltung';
import { keepPreviousData, useQuery, type FetchQueryOptions, type QueryClient } from '@tanstack/react-query';
import { useViewerKey } from '../../../lib/session-context.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { endpointQuery, useEndpointQuery } from '../../../lib/endpoint-query.ts';

/**
 * Who the plan is for: the patient itself (/patient/termine) or a patient an operator books for
 * (/betreiber/termine/patient/{patient}). Both use the same screen; only the calls differ.
 */
export type PlanModus = { kind: 'patient'; userId: number } | { kind: 'betreiber'; patientId: number };

/** The patient's user id (a patient's patientId is its user id). */
export const patientUserId = (modus: PlanModus) => (modus.kind === 'patient' ? modus.userId : modus.patientId);

/** The plan's first page: the page the screen opens with, and the one prefetchPlan asks for. */
export const PLAN_FIRST_PAGE = { page: 0, size: 50 } as const;

/** GET /termin/patient/all or /termin/betreiber/for/all/{patientId}: one page, filtered and sorted in SQL. */
function planTermineQuery(modus: PlanModus, viewer: string, query: URLSearchParams) {
  // the filter builds the query as text (one value per key, see apiQueryOf); the server's schema parses it
  const input = Object.fromEntries(query) as TerminPatientQuery;
  return modus.kind === 'patient'
    ? endpointQuery(terminEndpoints.patientAlle, viewer, { query: input })
    : endpointQuery(terminEndpoints.planVonPatient, viewer, { params: { patientId: modus.patientId }, query: input });
}

/** GET /patient/getPatient or /patient/getByPatientId/{id}: the name of the heading and the firmaId. */
const planPatientQuery = (modus: PlanModus, viewer: string) =>
  modus.kind === 'patient'
    ? endpointQuery(profilEndpoints.eigenerPatient, viewer)
    : endpointQuery(profilEndpoints.patientNachPatientId, viewer, { params: { id: modus.patientId } });

/** GET /guthaben/patient/get or /guthaben/betreiber/get/{patientId}. */
const planGuthabenQuery = (modus: PlanModus, viewer: string) =>
  modus.kind === 'patient'
    ? endpointQuery(guthabenEndpoints.eigenes, viewer)
    : endpointQuery(guthabenEndpoints.vonPatient, viewer, { params: { patientId: modus.patientId } });

/** GET /user/abo/{userId}/privileges: whether the subscription part of the balance bar is shown. */
const planHatAboQuery = (modus: PlanModus, viewer: string) =>
  endpointQuery(aboEndpoints.hatAbo, viewer, { params: { userId: patientUserId(modus) } });

/** GET /therapeut/patient/all: the therapist filter's choice, which changes rarely. */
const therapeutenQuery = (viewer: string) => ({
  ...endpointQuery(profilEndpoints.therapeutenVerzeichnis, viewer, undefined),
  staleTime: 5 * 60_000,
});

export function usePlanTermine(modus: PlanModus, query: URLSearchParams) {
  const viewer = useViewerKey();
  return useQuery({ ...planTermineQuery(modus, viewer, query), placeholderData: keepPreviousData });
}

export const usePlanPatient = (modus: PlanModus) => useQuery(planPatientQuery(modus, useViewerKey()));

export const usePlanGuthaben = (modus: PlanModus) => useQuery(planGuthabenQuery(modus, useViewerKey()));

export const usePlanHatAbo = (modus: PlanModus) => useQuery(planHatAboQuery(modus, useViewerKey()));

/**
 * Asks for the answers the plan's first render needs while its code still loads (started from the route, see
 * app/page-data.tsx), under the same keys as the hooks above, so the page finds them in the cache or under way.
 */
export function prefetchPlan(queryClient: QueryClient, modus: PlanModus, viewer: string, firstPage: URLSearchParams) {
  const queries = [
    planTermineQuery(modus, viewer, firstPage),
    planPatientQuery(modus, viewer),
    planGuthabenQuery(modus, viewer),
    planHatAboQuery(modus, viewer),
    endpointQuery(verwaltungEndpoints.befundNamen, viewer, undefined),
    therapeutenQuery(viewer),
    ...(modus.kind === 'patient' ? [endpointQuery(cartEndpoints.offen, viewer)] : []),
  ];
  for (const query of queries) void queryClient.prefetchQuery(query as FetchQueryOptions);
}

export const useTherapeutenFilter = () => useQuery(therapeutenQuery(useViewerKey()));

/** GET /profil/other/{userId}/therapeut: the therapist's profile of the details dialog. */
export const useTherapeutProfil = (userId: number | null) =>
  useEndpointQuery(profilEndpoints.therapeutView, { params: { userId: userId ?? 0 } }, { enabled: userId !== null });

/** POST /pdf/terminliste: the selected or shown appointments as a PDF. */
export const terminlistePdf = (terminIds: readonly number[]): Promise<Blob> =>
  callEndpoint(terminEndpoints.terminlistePdf, { body: { ids: [...terminIds] } });

/** GET /pdf/teilnahmebestaetigung/{id}. */
export const teilnahmePdf = (terminId: number): Promise<Blob> =>
  callEndpoint(terminEndpoints.teilnahmePdf, { params: { id: terminId } });

/** GET /pdf/terminbuchungsbestaetigung/{id}. */
export const buchungPdf = (terminId: number): Promise<Blob> =>
  callEndpoint(terminEndpoints.buchungPdf, { params: { id: terminId } });
