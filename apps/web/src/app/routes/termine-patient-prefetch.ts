import { berlinDay } from '@dihs/contract/common/time';
import { PLAN_FIRST_PAGE, prefetchPlan } from '../../features/termin/api/plan-api.ts';
import { apiQueryOf, filterOfSearch } from '../../features/termin/plan-filter.ts';
import type { PageDataContext } from '../page-data.tsx';

/** The patient's own plan (/patient/termine): its first page for the filter in the address, balance, name, cart. */
export function prefetch({ queryClient, viewer, userId, search, params }: PageDataContext): void {
  const filter = filterOfSearch(search, params.therapeut);
  const firstPage = apiQueryOf(filter, berlinDay(Date.now()), PLAN_FIRST_PAGE.page, PLAN_FIRST_PAGE.size);
  prefetchPlan(queryClient, { kind: 'patient', userId }, viewer, firstPage);
}
