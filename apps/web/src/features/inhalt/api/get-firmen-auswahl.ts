import { firmaEndpoints, type FirmaKurz } from '@dihs/contract/firma';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { endpointKey } from '../../../lib/endpoint-query.ts';
import { useViewerKey } from '../../../lib/session-context.ts';

/**
 * The companies a page can be tied to: GET /firma/alle/terminEditieren (spec 3, section 7). That call needs
 * TERMINE_EDITIEREN or BENUTZER_VERWALTEN; an editor without either gets them from GET /firma/alle, which every
 * operator may read.
 */
export async function getFirmenAuswahl(signal?: AbortSignal): Promise<FirmaKurz[]> {
  const options = signal ? { signal } : {};
  try {
    return await callEndpoint(firmaEndpoints.alleKurz, {}, options);
  } catch (error) {
    if (!isApiError(error, 403)) throw error;
    const firmen = await callEndpoint(firmaEndpoints.alle, {}, options);
    return firmen.map(({ id, bezeichner }) => ({ id, bezeichner }));
  }
}

/** A failed load leaves the form with "Keine Firma" only (the caller shows a hint). */
export function useFirmenAuswahl() {
  const viewer = useViewerKey();
  return useQuery({
    // under the short list's key: a change of the companies refreshes this choice too
    queryKey: [...endpointKey(firmaEndpoints.alleKurz, viewer), 'mit-Ersatz'],
    queryFn: ({ signal }) => getFirmenAuswahl(signal),
    retry: false,
  });
}
