import { auskunftEndpoints } from '@dihs/contract/auskunft';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** GET /datenauskunft: the caller's own records as one JSON file. */
export const getDatenauskunft = (): Promise<Blob> => callEndpoint(auskunftEndpoints.herunterladen);

/** GET /datenauskunft/fhir: the caller's own records as one FHIR R4 Bundle (docs/fhir.md). */
export const getFhirAuskunft = (): Promise<Blob> => callEndpoint(auskunftEndpoints.fhir);

/** POST /datenauskunft/fhir/patient/:patientId: an operator's transfer of a patient's FHIR record, with a reason. */
export const postFhirUebermittlung = (patientId: number, grund: string): Promise<Blob> =>
  callEndpoint(auskunftEndpoints.fhirUebermitteln, { params: { patientId }, body: { grund } });
