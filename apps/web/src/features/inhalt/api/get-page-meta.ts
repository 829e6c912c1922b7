import { inhaltEndpoints } from '@dihs/contract/inhalt';
import { useEndpointQuery } from '../../../lib/endpoint-query.ts';

/** GET /inhalt/{url}/edit: who may see the page (editors only). Loaded fresh for every edit session, so the form
 * never starts from another editor's outdated rules. */
export const usePageMeta = (url: string) =>
  useEndpointQuery(inhaltEndpoints.meta, { params: { url } }, { staleTime: 0, gcTime: 0 });
