import { firmaEndpoints } from '@dihs/contract/firma';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';

/** POST /firma/entfernen: its users lose the affiliation, pages tied to it are deactivated. */
export const useDeleteFirma = () =>
  useEndpointMutation(firmaEndpoints.entfernen, {
    toInput: (id: number) => ({ body: { id } }),
    invalidates: [firmaEndpoints.alle, firmaEndpoints.alleKurz],
  });
