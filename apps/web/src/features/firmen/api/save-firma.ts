import { firmaSchema, type Firma, type FirmaFields } from '@dihs/contract/firma';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { firmenKey } from './get-firmen.ts';

/** POST /firma/neu without an id, POST /firma/update with one. */
export const saveFirma = (fields: FirmaFields, id?: number): Promise<Firma> =>
  id === undefined
    ? apiRequest('/firma/neu', { method: 'POST', json: fields, schema: firmaSchema })
    : apiRequest('/firma/update', { method: 'POST', json: { ...fields, id }, schema: firmaSchema });

export function useSaveFirma() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, id }: { fields: FirmaFields; id?: number }) => saveFirma(fields, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: firmenKey }),
  });
}
