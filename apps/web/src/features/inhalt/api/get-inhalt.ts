import { inhaltEndpoints } from '@dihs/contract/inhalt';
import { useEndpointQuery } from '../../../lib/endpoint-query.ts';

/** GET /inhalt/{url}: the page as the viewer may see it (HTML sanitized by the server). */
export const useInhalt = (url: string) => useEndpointQuery(inhaltEndpoints.seite, { params: { url } });
