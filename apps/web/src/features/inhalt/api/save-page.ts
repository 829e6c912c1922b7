import { pageSavedSchema, type PageSaveBody, type PageSaved } from '@dihs/contract/inhalt';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /inhalt/{url}/edit: the server sanitizes the HTML before it stores it. */
export const savePage = (url: string, body: PageSaveBody): Promise<PageSaved> =>
  apiRequest(`/inhalt/${encodeURIComponent(url)}/edit`, { method: 'POST', json: body, schema: pageSavedSchema });

/** Saves and flags the menu as changed (spec 3: a page's title, url and access rules show in the menu). */
export function useSavePage(url: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PageSaveBody) => savePage(url, body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['navigation'] }),
        queryClient.invalidateQueries({ queryKey: ['inhalt'] }),
      ]);
    },
  });
}
