import {
  confirmedResponseSchema,
  okResponseSchema,
  passwortAendernResponseSchema,
  type EmailAendernBody,
  type PasswortAendernBody,
  type PasswortAendernResponse,
} from '@dihs/contract/accounts';
import { privilegeCodesSchema } from '@dihs/contract/auth';
import { benutzerListEntrySchema, type BenutzerListEntry, type PrivilegesBody } from '@dihs/contract/benutzer';
import type { Role } from '@dihs/contract/common/roles';
import { firmaKurzListeSchema, firmaZugehoerigkeitSchema, type FirmaKurz } from '@dihs/contract/firma';
import { deletionStatusSchema, isDeletedResponseSchema } from '@dihs/contract/loeschung';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useViewerKey } from '../../../app/session/session-context.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { profilKey } from './profil-api.ts';

/** Account calls the profile screen uses: own e-mail and password, the operator's account tools, companies, deletion. */

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** POST /patient/email/aendern: takes effect once the link mailed to the new address is followed. */
export const changeOwnEmail = (body: EmailAendernBody): Promise<true> =>
  apiRequest('/patient/email/aendern', { method: 'POST', json: body, schema: okResponseSchema });

/** POST /patient/passwort/aendern: answers the fresh token the session continues with. */
export const changeOwnPassword = (body: PasswortAendernBody): Promise<PasswortAendernResponse> =>
  apiRequest('/patient/passwort/aendern', { method: 'POST', json: body, schema: passwortAendernResponseSchema });

/** GET /authority/{role}: the privilege codes grantable to users of the role. */
export function useGrantablePrivileges(role: Role) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['authority', role, viewer],
    queryFn: ({ signal }): Promise<number[]> =>
      apiRequest(`/authority/${role}`, { schema: privilegeCodesSchema, ...withSignal(signal) }),
    staleTime: Infinity,
  });
}

/** POST /user/other/{id}/privileges with the active flag. */
export const savePrivileges = (userId: number, body: PrivilegesBody): Promise<BenutzerListEntry> =>
  apiRequest(`/user/other/${userId}/privileges`, { method: 'POST', json: body, schema: benutzerListEntrySchema });

/** POST /user/other/{id}/email, body the e-mail text. */
export const saveAdminEmail = (userId: number, email: string): Promise<true> =>
  apiRequest(`/user/other/${userId}/email`, { method: 'POST', text: email, schema: okResponseSchema });

/** POST /user/other/{id}/password, body the password text. */
export const saveAdminPassword = (userId: number, password: string): Promise<true> =>
  apiRequest(`/user/other/${userId}/password`, { method: 'POST', text: password, schema: okResponseSchema });

const confirmedKey = ['emailConfirmed'] as const;

/** GET /patient/email/confirmed/{email}. */
export function useEmailConfirmed(email: string, enabled: boolean) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: [...confirmedKey, email, viewer],
    queryFn: ({ signal }): Promise<boolean> =>
      apiRequest(`/patient/email/confirmed/${encodeURIComponent(email)}`, {
        schema: confirmedResponseSchema,
        ...withSignal(signal),
      }),
    enabled,
  });
}

/** POST /patient/email/erneutsenden, body the raw e-mail. */
export const resendConfirmation = (email: string): Promise<true> =>
  apiRequest('/patient/email/erneutsenden', { method: 'POST', text: email, schema: okResponseSchema });

const firmaKey = ['firma'] as const;

/** GET /firma/alle, reduced to id and name. */
export function useFirmenAuswahl(enabled: boolean) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: [...firmaKey, 'alle', viewer],
    queryFn: ({ signal }): Promise<FirmaKurz[]> =>
      apiRequest('/firma/alle', { schema: firmaKurzListeSchema, ...withSignal(signal) }),
    enabled,
  });
}

type FirmaRole = 'patient' | 'therapeut';

/** GET /firma/eine/{patient|therapeut}/{id}: the affiliation or null. */
export function useFirmaVon(role: FirmaRole, userId: number) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: [...firmaKey, role, userId, viewer],
    queryFn: ({ signal }): Promise<FirmaKurz | null> =>
      apiRequest(`/firma/eine/${role}/${userId}`, { schema: firmaZugehoerigkeitSchema, ...withSignal(signal) }),
  });
}

/** POST /firma/setzen/{patient|therapeut}; firmaId -1 removes the affiliation. */
export const setFirma = (role: FirmaRole, userId: number, firmaId: number, bezeichner: string) =>
  apiRequest(`/firma/setzen/${role}`, {
    method: 'POST',
    json:
      role === 'patient' ? { bezeichner, firmaId, patientId: userId } : { bezeichner, firmaId, therapeutId: userId },
    schema: firmaZugehoerigkeitSchema,
  });

/** Refreshes everything the account tools show after a change. */
export function useRefreshKonto() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: profilKey }),
      queryClient.invalidateQueries({ queryKey: firmaKey }),
      queryClient.invalidateQueries({ queryKey: confirmedKey }),
    ]);
}

/** GET /profil/betreiber/istgeloescht/{patientId}/. */
export function useIstGeloescht(patientId: number, enabled: boolean) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['loeschung', patientId, viewer],
    queryFn: ({ signal }): Promise<boolean> =>
      apiRequest(`/profil/betreiber/istgeloescht/${patientId}/`, {
        schema: isDeletedResponseSchema,
        ...withSignal(signal),
      }),
    enabled,
  });
}

/** DELETE /profil/betreiber/deleteforever/{patientId}/: 'gestartet' or 'abgeschlossen'; anything else is unknown. */
export async function deleteForever(patientId: number): Promise<'gestartet' | 'abgeschlossen' | 'unbekannt'> {
  const answer = await apiRequest(`/profil/betreiber/deleteforever/${patientId}/`, { method: 'DELETE' });
  const parsed = deletionStatusSchema.safeParse(answer);
  return parsed.success ? parsed.data : 'unbekannt';
}
