import { terminSchema } from '@dihs/contract/termin';
import { useQuery } from '@tanstack/react-query';
import { useViewerKey } from '../../../app/session/session-context.ts';
import { apiRequest } from '../../../lib/api-client.ts';

const terminListSchema = terminSchema.array();

/**
 * GET /termin/therapeut/all/AKTIV: the therapist's own active appointments from today on, with participants. Patient
 * ids arrive only for therapists without a company, so the server decides whether names are links.
 */
export function useTherapeutTermine() {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['termine', 'therapeut', viewer],
    queryFn: ({ signal }) => apiRequest('/termin/therapeut/all/AKTIV', { schema: terminListSchema, signal }),
  });
}
