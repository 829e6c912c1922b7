import { loeschungEndpoints } from '@dihs/contract/loeschung';
import { isApiError } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { useEndpointQuery } from '../../../lib/endpoint-query.ts';

/** GET /profil/betreiber/istgeloescht/{patientId}/. */
export const useIstGeloescht = (patientId: number, enabled: boolean) =>
  useEndpointQuery(loeschungEndpoints.istGeloescht, { params: { patientId } }, { enabled });

/** DELETE /profil/betreiber/deleteforever/{patientId}/: 'gestartet' or 'abgeschlossen'; anything else is unknown. */
export async function deleteForever(patientId: number): Promise<'gestartet' | 'abgeschlossen' | 'unbekannt'> {
  try {
    return await callEndpoint(loeschungEndpoints.loeschen, { params: { patientId } });
  } catch (error) {
    // a refused call is an error; an answer outside the two states is shown as unknown
    if (isApiError(error)) throw error;
    return 'unbekannt';
  }
}
