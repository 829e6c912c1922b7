import { profilEndpoints, type TherapeutListEntry } from '@dihs/contract/profil';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { useEndpointQuery } from '../../../lib/endpoint-query.ts';

/** GET /therapeut/patient/all: the directory (active therapists with the list display on). */
export const getTherapeuten = (signal?: AbortSignal): Promise<TherapeutListEntry[]> =>
  callEndpoint(profilEndpoints.therapeutenVerzeichnis, undefined, signal ? { signal } : {});

export const useTherapeuten = () => useEndpointQuery(profilEndpoints.therapeutenVerzeichnis, undefined);
