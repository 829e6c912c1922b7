import { authEndpoints } from '@dihs/contract/auth';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query.ts';

/** GET /sitzungen: the own running sessions ("Angemeldete Geräte"), the current one marked. */
export const useSitzungen = () => useEndpointQuery(authEndpoints.sitzungen, undefined);

/** POST /sitzungen/:id/abmelden: one session ended; the list reads again. */
export const useSitzungAbmelden = () =>
  useEndpointMutation(authEndpoints.sitzungAbmelden, { invalidates: [authEndpoints.sitzungen] });

/** POST /sitzungen/ueberall-abmelden: every session of the account ends, this one too (the caller logs out). */
export const useUeberallAbmelden = () => useEndpointMutation(authEndpoints.ueberallAbmelden);
