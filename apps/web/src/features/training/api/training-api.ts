import { trainingEndpoints as api, type MeinPlan, type PlanEintrag } from '@dihs/contract/training';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import {
  endpointKey,
  invalidateEndpoints,
  useEndpointMutation,
  useEndpointQuery,
} from '../../../lib/endpoint-query.ts';
import { useViewerKey } from '../../../lib/session-context.ts';

/** GET /uebungen: one page of 50, filtered by title. */
export const useUebungen = (titel: string, seite: number) =>
  useEndpointQuery(
    api.uebungen,
    { query: { ...(titel ? { titel } : {}), seite } },
    { placeholderData: (prev) => prev },
  );

export const useUebungSpeichern = () => useEndpointMutation(api.uebungSpeichern, { invalidates: [api.uebungen] });
export const useUebungLoeschen = () => useEndpointMutation(api.uebungLoeschen, { invalidates: [api.uebungen] });

// templates
export const useVorlagen = () => useEndpointQuery(api.vorlagen, undefined);
export const useVorlagenAuswahl = () => useEndpointQuery(api.vorlagenAuswahl, undefined);
export const useVorlageUebungen = (vorlageId: number | null) =>
  useEndpointQuery(api.vorlageUebungen, { params: { vorlageId: vorlageId ?? 0 } }, { enabled: vorlageId !== null });

const vorlageChanges = [api.vorlagen, api.vorlagenAuswahl, api.vorlageUebungen];
export const useVorlageNeu = () => useEndpointMutation(api.vorlageNeu, { invalidates: vorlageChanges });
export const useVorlageUmbenennen = () => useEndpointMutation(api.vorlageUmbenennen, { invalidates: vorlageChanges });
export const useVorlageLoeschen = () => useEndpointMutation(api.vorlageLoeschen, { invalidates: vorlageChanges });
export const useVorlageUebungHinzufuegen = () =>
  useEndpointMutation(api.vorlageUebungHinzufuegen, { invalidates: vorlageChanges });
export const useVorlageUebungAendern = () =>
  useEndpointMutation(api.vorlageUebungAendern, { invalidates: vorlageChanges });
export const useVorlageUebungEntfernen = () =>
  useEndpointMutation(api.vorlageUebungEntfernen, { invalidates: vorlageChanges });

// the therapist's plan editor
export const usePlanSets = (patientId: number) => useEndpointQuery(api.planSets, { params: { patientId } });
/**
 * The set with its adherence, read again whenever the therapist comes back to the page: the patient ticks exercises
 * in another browser, and a view kept from before showed 0 % for ticks long stored.
 */
export const usePlanSet = (setId: number | null) =>
  useEndpointQuery(
    api.planSet,
    { params: { setId: setId ?? 0 } },
    { enabled: setId !== null, refetchOnWindowFocus: 'always' },
  );

const planChanges = [api.planSets, api.planSet];
export const usePlanSetNeu = () => useEndpointMutation(api.planSetNeu, { invalidates: planChanges });
export const usePlanSetAusVorlage = () => useEndpointMutation(api.planSetAusVorlage, { invalidates: planChanges });
export const usePlanSetDatum = () => useEndpointMutation(api.planSetDatum, { invalidates: planChanges });
export const useEintragSpeichern = () => useEndpointMutation(api.eintragSpeichern, { invalidates: planChanges });
export const useEintragEntfernen = () => useEndpointMutation(api.eintragEntfernen, { invalidates: planChanges });
export const useEintragVerschieben = () => useEndpointMutation(api.eintragVerschieben, { invalidates: planChanges });

// the patient's own plan
export const useMeinPlan = () => useEndpointQuery(api.meinPlan, undefined);

/** An entry's "done today" as the patient's page shows it. */
export type Heute = NonNullable<PlanEintrag['heute']>;
const NICHT_ERLEDIGT: Heute = { erledigt: false, schmerz: null };

/** The plan with one entry's "done today" replaced. */
const mitHeute = (plan: MeinPlan | undefined, eintragId: number, heute: Heute): MeinPlan | undefined =>
  plan?.set
    ? {
        ...plan,
        set: {
          ...plan.set,
          planListe: plan.set.planListe.map((eintrag) => (eintrag.id === eintragId ? { ...eintrag, heute } : eintrag)),
        },
      }
    : plan;

/**
 * POST /trainingsplan/erledigt for one entry of the patient's plan. The tick shows at once (the cached plan is
 * changed before the request goes out); a failed request puts back what the server last confirmed, and the
 * mutation's error says why. The entry's requests run one after another in the order they were made (tick, then
 * the pain right after it), so a later one never overtakes an earlier one at the server.
 */
export function useErledigt(eintragId: number) {
  const queryClient = useQueryClient();
  const planKey = endpointKey(api.meinPlan, useViewerKey(), undefined);
  /** Requests of this entry not yet answered, and the state the server last confirmed before or during them. */
  const offen = useRef(0);
  const bestaetigt = useRef<Heute>(NICHT_ERLEDIGT);
  const zeige = (heute: Heute) =>
    queryClient.setQueryData<MeinPlan>(planKey, (plan) => mitHeute(plan, eintragId, heute));
  return useEndpointMutation(api.erledigt, {
    scope: { id: `trainingsplan-erledigt-${eintragId}` },
    onMutate: async ({ body }) => {
      if (offen.current++ === 0) {
        const plan = queryClient.getQueryData<MeinPlan>(planKey);
        bestaetigt.current = plan?.set?.planListe.find((eintrag) => eintrag.id === eintragId)?.heute ?? NICHT_ERLEDIGT;
      }
      // a plan read still under way would put the old state back over the tick
      await queryClient.cancelQueries({ queryKey: planKey });
      zeige({ erledigt: body.erledigt, schmerz: body.erledigt ? (body.schmerz ?? null) : null });
    },
    onSuccess: (answer) => {
      bestaetigt.current = answer.heute ?? NICHT_ERLEDIGT;
      // the last answer is what is stored; earlier ones would undo a later tick still on its way
      if (offen.current === 1) zeige(bestaetigt.current);
    },
    onError: () => zeige(bestaetigt.current),
    onSettled: async (_answer, error) => {
      if (--offen.current > 0 || error) return;
      // the plan itself is read again in the background (the cockpit's tile by the mark's declared `changes`)
      await invalidateEndpoints(queryClient, api.meinPlan);
    },
  });
}

/** Reads the patient's plan again (after a tick the server refused because the plan changed). */
export function usePlanNeuLaden() {
  const queryClient = useQueryClient();
  return () => invalidateEndpoints(queryClient, api.meinPlan);
}
