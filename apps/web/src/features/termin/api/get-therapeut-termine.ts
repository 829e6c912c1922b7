import { terminEndpoints } from '@dihs/contract/termin';
import { useEndpointQuery } from '../../../lib/endpoint-query.ts';

/**
 * GET /termin/therapeut/all/AKTIV: the therapist's own active appointments from today on, with participants. Patient
 * ids arrive only for therapists without a company, so the server decides whether names are links.
 */
export const useTherapeutTermine = () =>
  useEndpointQuery(terminEndpoints.therapeutAlle, { params: { status: 'AKTIV' } });
