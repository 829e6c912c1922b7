import {
  accountsEndpoints,
  type EmailAendernBody,
  type PasswortAendernBody,
  type PasswortAendernResponse,
} from '@dihs/contract/accounts';
import { authEndpoints } from '@dihs/contract/auth';
import { usersEndpoints, type BenutzerListEntry, type PrivilegesBody } from '@dihs/contract/users';
import type { Role } from '@dihs/contract/common/roles';
import { firmaEndpoints, type FirmaKurz } from '@dihs/contract/firma';
import { useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { invalidateEndpoints, useEndpointQuery } from '../../../lib/endpoint-query.ts';
import { PROFIL_VIEWS } from './profil-api.ts';

/** Account calls the profile screen uses: own e-mail and password, the operator's account tools, companies. */

/** POST /patient/email/aendern: takes effect once the link mailed to the new address is followed. */
export const changeOwnEmail = (body: EmailAendernBody): Promise<true> =>
  callEndpoint(accountsEndpoints.emailAendern, { body });

/** POST /patient/passwort/aendern: answers the fresh token the session continues with. */
export const changeOwnPassword = (body: PasswortAendernBody): Promise<PasswortAendernResponse> =>
  callEndpoint(accountsEndpoints.passwortAendern, { body });

/** GET /authority/{role}: the privilege codes grantable to users of the role. */
export const useGrantablePrivileges = (role: Role) =>
  useEndpointQuery(authEndpoints.berechtigungenDerRolle, { params: { role } }, { staleTime: Infinity });

/** POST /user/other/{id}/privileges with the active flag. */
export const savePrivileges = (userId: number, body: PrivilegesBody): Promise<BenutzerListEntry> =>
  callEndpoint(usersEndpoints.berechtigungen, { params: { id: userId }, body });

/** POST /user/other/{id}/email, body the e-mail text. */
export const saveAdminEmail = (userId: number, email: string): Promise<true> =>
  callEndpoint(usersEndpoints.email, { params: { id: userId }, body: email });

/** POST /user/other/{id}/password, body the password text. */
export const saveAdminPassword = (userId: number, password: string): Promise<true> =>
  callEndpoint(usersEndpoints.passwort, { params: { id: userId }, body: password });

/** GET /patient/email/confirmed/{email}. */
export const useEmailConfirmed = (email: string, enabled: boolean) =>
  useEndpointQuery(accountsEndpoints.emailBestaetigt, { params: { email } }, { enabled });

/** POST /patient/email/erneutsenden, body the raw e-mail. */
export const resendConfirmation = (email: string): Promise<true> =>
  callEndpoint(accountsEndpoints.bestaetigungErneutSenden, { body: email });

/** GET /firma/alle; the company picker uses id and name. */
export const useFirmenAuswahl = (enabled: boolean) => useEndpointQuery(firmaEndpoints.alle, undefined, { enabled });

type FirmaRole = 'patient' | 'therapeut';

const firmaVonEndpoint = (role: FirmaRole) =>
  role === 'patient' ? firmaEndpoints.einePatient : firmaEndpoints.eineTherapeut;

/** GET /firma/eine/{patient|therapeut}/{id}: the affiliation or null. */
export const useFirmaVon = (role: FirmaRole, userId: number) =>
  useEndpointQuery(firmaVonEndpoint(role), { params: { id: userId } });

/** POST /firma/setzen/{patient|therapeut}; firmaId -1 removes the affiliation. */
export const setFirma = (
  role: FirmaRole,
  userId: number,
  firmaId: number,
  bezeichner: string,
): Promise<FirmaKurz | null> =>
  role === 'patient'
    ? callEndpoint(firmaEndpoints.setzenPatient, { body: { bezeichner, firmaId, patientId: userId } })
    : callEndpoint(firmaEndpoints.setzenTherapeut, { body: { bezeichner, firmaId, therapeutId: userId } });

/** Refreshes everything the account tools show after a change. */
export function useRefreshKonto() {
  const queryClient = useQueryClient();
  return () =>
    invalidateEndpoints(
      queryClient,
      ...PROFIL_VIEWS,
      firmaEndpoints.alle,
      firmaEndpoints.einePatient,
      firmaEndpoints.eineTherapeut,
      accountsEndpoints.emailBestaetigt,
      // the operator's user list shows the account's address, privileges and lock (issue 32 item 1)
      usersEndpoints.liste,
      usersEndpoints.gesperrte,
    );
}
