import type { Firma, FirmaFields } from '@dihs/contract/firma';
import { firmaEndpoints } from '@dihs/contract/firma';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { invalidateEndpoints } from '../../../lib/endpoint-query.ts';

/** POST /firma/neu without an id, POST /firma/update with one. */
export const saveFirma = (fields: FirmaFields, id?: number): Promise<Firma> =>
  id === undefined
    ? callEndpoint(firmaEndpoints.neu, { body: fields })
    : callEndpoint(firmaEndpoints.update, { body: { ...fields, id } });

export function useSaveFirma() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, id }: { fields: FirmaFields; id?: number }) => saveFirma(fields, id),
    onSuccess: () => invalidateEndpoints(queryClient, firmaEndpoints.alle, firmaEndpoints.alleKurz),
  });
}
