import { useMemo } from 'react';
import { useSession } from '../../lib/session-context.ts';
import type { PlanModus } from '../../features/termin/api/plan-api.ts';
import { TerminPlan } from './termin-plan.tsx';

/** /patient/termine and /patient/termine/{therapeut}: "IHR TERMINPLAN" (spec 2 "Patient appointment plan"). */
export function TerminePatientPage() {
  const { session } = useSession();
  const userId = session?.userId ?? 0;
  const modus = useMemo<PlanModus>(() => ({ kind: 'patient', userId }), [userId]);
  return <TerminPlan modus={modus} heading="IHR TERMINPLAN" basePath="/patient/termine" />;
}
