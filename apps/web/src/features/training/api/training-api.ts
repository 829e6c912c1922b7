import { trainingEndpoints as api } from '@dihs/contract/training';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query.ts';

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
export const usePlanSet = (setId: number | null) =>
  useEndpointQuery(api.planSet, { params: { setId: setId ?? 0 } }, { enabled: setId !== null });

const planChanges = [api.planSets, api.planSet];
export const usePlanSetNeu = () => useEndpointMutation(api.planSetNeu, { invalidates: planChanges });
export const usePlanSetAusVorlage = () => useEndpointMutation(api.planSetAusVorlage, { invalidates: planChanges });
export const usePlanSetDatum = () => useEndpointMutation(api.planSetDatum, { invalidates: planChanges });
export const useEintragSpeichern = () => useEndpointMutation(api.eintragSpeichern, { invalidates: planChanges });
export const useEintragEntfernen = () => useEndpointMutation(api.eintragEntfernen, { invalidates: planChanges });
export const useEintragVerschieben = () => useEndpointMutation(api.eintragVerschieben, { invalidates: planChanges });

// the patient's own plan
export const useMeinPlan = () => useEndpointQuery(api.meinPlan, undefined);
export const useErledigt = () => useEndpointMutation(api.erledigt, { invalidates: [api.meinPlan] });
