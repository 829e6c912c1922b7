import { aboPaketListSchema, aboPaketSchema, type AboPaket, type AboPaketFields } from '@dihs/contract/abo';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useViewerKey } from '../../../app/session/session-context.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const aboPaketeKey = ['abo-pakete'] as const;

/** GET /abo/betreiber/pakete/all: every package. */
export function useAboPakete() {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: [...aboPaketeKey, viewer],
    queryFn: ({ signal }): Promise<AboPaket[]> =>
      apiRequest('/abo/betreiber/pakete/all', { schema: aboPaketListSchema, ...(signal ? { signal } : {}) }),
  });
}

/** POST /abo/betreiber/pakete/add without an id, /change with one. */
export const saveAboPaket = (fields: AboPaketFields, aboPaketId?: number): Promise<AboPaket> =>
  aboPaketId === undefined
    ? apiRequest('/abo/betreiber/pakete/add', { method: 'POST', json: fields, schema: aboPaketSchema })
    : apiRequest('/abo/betreiber/pakete/change', {
        method: 'POST',
        json: { ...fields, aboPaketId },
        schema: aboPaketSchema,
      });

export function useSaveAboPaket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, aboPaketId }: { fields: AboPaketFields; aboPaketId?: number }) =>
      saveAboPaket(fields, aboPaketId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aboPaketeKey }),
  });
}
