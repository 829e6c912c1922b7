import { aboEndpoints, type AboPaket, type AboPaketFields } from '@dihs/contract/abo';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { invalidateEndpoints, useEndpointQuery } from '../../../lib/endpoint-query.ts';

/** GET /abo/betreiber/pakete/all: every package. */
export const useAboPakete = () => useEndpointQuery(aboEndpoints.pakete, undefined);

/** POST /abo/betreiber/pakete/add without an id, /change with one. */
export const saveAboPaket = (fields: AboPaketFields, aboPaketId?: number): Promise<AboPaket> =>
  aboPaketId === undefined
    ? callEndpoint(aboEndpoints.paketAnlegen, { body: fields })
    : callEndpoint(aboEndpoints.paketAendern, { body: { ...fields, aboPaketId } });

export function useSaveAboPaket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, aboPaketId }: { fields: AboPaketFields; aboPaketId?: number }) =>
      saveAboPaket(fields, aboPaketId),
    onSuccess: () => invalidateEndpoints(queryClient, aboEndpoints.pakete, aboEndpoints.standardPakete),
  });
}
