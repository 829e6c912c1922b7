import { profilEndpoints } from '@dihs/contract/profil';
import { useEndpointQuery } from '../../../lib/endpoint-query.ts';

/** GET /therapeut/patient/all: the directory (active therapists with the list display on). */
export const useTherapeuten = () => useEndpointQuery(profilEndpoints.therapeutenVerzeichnis, undefined);
