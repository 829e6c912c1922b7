import { pageContentSchema, type PageContent } from '@dihs/contract/inhalt';
import { useQuery } from '@tanstack/react-query';
import { useViewerKey } from '../../../app/session/session-context.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /inhalt/{url}: the page as the viewer may see it (HTML sanitized by the server). */
export const getInhalt = (url: string, signal?: AbortSignal): Promise<PageContent> =>
  apiRequest(`/inhalt/${encodeURIComponent(url)}`, { schema: pageContentSchema, ...(signal ? { signal } : {}) });

export function useInhalt(url: string) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['inhalt', url, viewer],
    queryFn: ({ signal }) => getInhalt(url, signal),
  });
}
