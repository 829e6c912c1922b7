import { profilEndpoints } from '@dihs/contract/profil';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query.ts';

/** Therapists and operators have their own paths; both answer the merged list. */
const listOf = (asOperator: boolean) =>
  asOperator ? profilEndpoints.dokumentationBetreiber : profilEndpoints.dokumentation;
const writeOf = (asOperator: boolean) =>
  asOperator ? profilEndpoints.dokumentationBetreiberAnlegen : profilEndpoints.dokumentationAnlegen;

/** GET /dokumentation[/betreiber]/{patientId}: entries of therapists and operators, newest first. */
export const useDokumentation = (patientId: number, asOperator: boolean) =>
  useEndpointQuery(listOf(asOperator), { params: { patientId } });

/** POST /dokumentation[/betreiber]/{patientId}, body the text. */
export const useAddDokumentation = (patientId: number, asOperator: boolean) =>
  useEndpointMutation(writeOf(asOperator), {
    toInput: (text: string) => ({ params: { patientId }, body: text }),
    invalidates: [profilEndpoints.dokumentation, profilEndpoints.dokumentationBetreiber],
  });

/** GET /pdf/patientendokumentation/{patientId} as a file. */
export const getDokumentationPdf = (patientId: number): Promise<Blob> =>
  callEndpoint(profilEndpoints.dokumentationPdf, { params: { patientId } });
