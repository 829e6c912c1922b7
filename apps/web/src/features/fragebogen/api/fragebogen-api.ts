import { fragebogenEndpoints as api, fragebogenFhirDateiname } from '@dihs/contract/fragebogen';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** GET /fragebogen/all: the definitions, draft first. */
export const useDefinitionen = () => useEndpointQuery(api.definitionen, undefined);

const definitionen = { invalidates: [api.definitionen] };
export const useNeueDefinition = () => useEndpointMutation(api.definitionNeu, definitionen);
export const useFrageHinzufuegen = () => useEndpointMutation(api.frageHinzufuegen, definitionen);
export const useFrageEntfernen = () => useEndpointMutation(api.frageEntfernen, definitionen);
export const useDefinitionSpeichern = () => useEndpointMutation(api.definitionSpeichern, definitionen);
export const useDefinitionVeroeffentlichen = () => useEndpointMutation(api.definitionVeroeffentlichen, definitionen);

/** POST /fragebogen/fhir/import: a FHIR R4 Questionnaire file as a new draft. */
export const useFhirImport = () =>
  useEndpointMutation(api.definitionImportieren, {
    toInput: (file: File) => ({ body: { file } }),
    invalidates: [api.definitionen],
  });

/** GET /fragebogen/fhir/{id}: the definition as a FHIR R4 Questionnaire file. */
export async function fhirHerunterladen(id: number): Promise<void> {
  saveFile(await callEndpoint(api.definitionFhir, { params: { id } }), fragebogenFhirDateiname(id));
}

/** GET /fragebogen/patient/get/{patientId}: the patient's questionnaires, drafts first. */
export const usePatientFrageboegen = (patientId: number) => useEndpointQuery(api.vonPatient, { params: { patientId } });

const patientListe = { invalidates: [api.vonPatient, api.eigene] };
export const useNeuerPatientFragebogen = () => useEndpointMutation(api.neu, patientListe);
export const usePatientFragebogenSpeichern = () => useEndpointMutation(api.speichern, patientListe);
export const usePatientFragebogenAbgeben = () => useEndpointMutation(api.abgeben, patientListe);

/** GET /pdf/befund/{id}: the questionnaire as a PDF download. */
export async function befundPdfHerunterladen(id: number): Promise<void> {
  saveFile(await callEndpoint(api.pdf, { params: { id } }), `befundfragebogen-${id}.pdf`);
}
