import { inhaltEndpoints, type PageSaveBody } from '@dihs/contract/inhalt';
import { navigationEndpoints } from '@dihs/contract/navigation';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';

/**
 * POST /inhalt/{url}/edit (the server sanitizes the HTML); flags the menu as changed (spec 3: a page's title, url
 * and access rules show in the menu).
 */
export const useSavePage = (url: string) =>
  useEndpointMutation(inhaltEndpoints.speichern, {
    toInput: (body: PageSaveBody) => ({ params: { url }, body }),
    invalidates: [navigationEndpoints.baum, inhaltEndpoints.seite],
  });
