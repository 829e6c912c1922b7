import { einwilligungEndpoints } from '@dihs/contract/einwilligung';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query.ts';

/**
 * GET /einwilligung/offen: the changed texts the patient has not consented to yet. Asked at login and then at most
 * every few minutes: each call is an audited read of the patient's records, and the server holds booking anyway.
 */
export const useOffeneFassungen = (enabled: boolean) =>
  useEndpointQuery(einwilligungEndpoints.offen, undefined, { enabled, staleTime: 5 * 60_000 });

/** The stored consents: the own (patientId null) or a patient's (operators with BENUTZER_VERWALTEN). */
export function useEinwilligungen(patientId: number | null) {
  const own = useEndpointQuery(einwilligungEndpoints.eigene, undefined, { enabled: patientId === null });
  const ofPatient = useEndpointQuery(
    einwilligungEndpoints.desPatienten,
    { params: { patientId: patientId ?? 0 } },
    { enabled: patientId !== null },
  );
  return patientId === null ? own : ofPatient;
}

/** POST /einwilligung; refreshes what is open and the profile's list. */
export const useErteilen = () =>
  useEndpointMutation(einwilligungEndpoints.erteilen, {
    invalidates: [einwilligungEndpoints.offen, einwilligungEndpoints.eigene],
  });

/** POST /einwilligung/widerruf: the own video-therapy consent withdrawn; refreshes what is open and the list. */
export const useWiderrufen = () =>
  useEndpointMutation(einwilligungEndpoints.widerrufen, {
    invalidates: [einwilligungEndpoints.offen, einwilligungEndpoints.eigene],
  });
