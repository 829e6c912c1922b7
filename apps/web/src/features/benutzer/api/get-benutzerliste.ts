import { benutzerListeSchema, type BenutzerListEntry } from '@dihs/contract/benutzer';
import type { Role } from '@dihs/contract/common/roles';
import { useQuery } from '@tanstack/react-query';
import { useViewerKey } from '../../../app/session/session-context.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const benutzerlisteKey = (role: Role, viewer: string) => ['benutzerliste', role, viewer] as const;

/** POST /benutzerliste: the users of one role (deleted patients left out). */
export const getBenutzerliste = (role: Role, signal?: AbortSignal): Promise<BenutzerListEntry[]> =>
  apiRequest('/benutzerliste', {
    method: 'POST',
    json: role,
    schema: benutzerListeSchema,
    ...(signal ? { signal } : {}),
  });

export function useBenutzerliste(role: Role) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: benutzerlisteKey(role, viewer),
    queryFn: ({ signal }) => getBenutzerliste(role, signal),
  });
}
