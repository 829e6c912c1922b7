import { auskunftEndpoints } from '@dihs/contract/auskunft';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** GET /datenauskunft: the caller's own records as one JSON file. */
export const getDatenauskunft = (): Promise<Blob> => callEndpoint(auskunftEndpoints.herunterladen);

/** GET /datenauskunft/fhir: the caller's own records as one FHIR R4 Bundle (docs/fhir.md). */
export const getFhirAuskunft = (): Promise<Blob> => callEndpoint(auskunftEndpoints.fhir);
