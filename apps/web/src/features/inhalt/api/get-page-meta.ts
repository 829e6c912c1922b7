import { pageMetaSchema, type PageMeta } from '@dihs/contract/inhalt';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /inhalt/{url}/edit: who may see the page (editors only). */
export const getPageMeta = (url: string, signal?: AbortSignal): Promise<PageMeta> =>
  apiRequest(`/inhalt/${encodeURIComponent(url)}/edit`, { schema: pageMetaSchema, ...(signal ? { signal } : {}) });

/** Loaded fresh for every edit session, so the form never starts from another editor's outdated rules. */
export function usePageMeta(url: string) {
  return useQuery({
    queryKey: ['inhalt-meta', url],
    queryFn: ({ signal }) => getPageMeta(url, signal),
    staleTime: 0,
    gcTime: 0,
  });
}
