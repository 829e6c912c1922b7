import { inhaltEndpoints, type PageSaveBody } from '@dihs/contract/inhalt';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';

/**
 * POST /inhalt/{url}/edit (the server sanitizes the HTML); the menu, which shows a page's title, url and access rules
 * (spec 3), is read again by the declaration's `changes`.
 */
export const useSavePage = (url: string) =>
  useEndpointMutation(inhaltEndpoints.speichern, {
    toInput: (body: PageSaveBody) => ({ params: { url }, body }),
    invalidates: [inhaltEndpoints.seite],
  });
