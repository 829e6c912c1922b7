import { firmaKurzListeSchema, firmaListeSchema, type FirmaKurz } from '@dihs/contract/firma';
import { useQuery } from '@tanstack/react-query';
import { useViewerKey } from '../../../app/session/session-context.ts';
import { apiRequest, isApiError } from '../../../lib/api-client.ts';

/**
 * The companies a page can be tied to: GET /firma/alle/terminEditieren (spec 3, section 7). That call needs
 * TERMINE_EDITIEREN or BENUTZER_VERWALTEN; an editor without either gets them from GET /firma/alle, which every
 * operator may read.
 */
export async function getFirmenAuswahl(signal?: AbortSignal): Promise<FirmaKurz[]> {
  const options = signal ? { signal } : {};
  try {
    return await apiRequest('/firma/alle/terminEditieren', { schema: firmaKurzListeSchema, ...options });
  } catch (error) {
    if (!isApiError(error, 403)) throw error;
    const firmen = await apiRequest('/firma/alle', { schema: firmaListeSchema, ...options });
    return firmen.map(({ id, bezeichner }) => ({ id, bezeichner }));
  }
}

/** A failed load leaves the form with "Keine Firma" only (the caller shows a hint). */
export function useFirmenAuswahl() {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['firmen-auswahl', viewer],
    queryFn: ({ signal }) => getFirmenAuswahl(signal),
    retry: false,
  });
}
