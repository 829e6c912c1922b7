import { anamneseEndpoints as api } from '@dihs/contract/anamnese';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** GET /anamnese: the own form or null. */
export const useEigeneAnamnese = () => useEndpointQuery(api.eigene, undefined);
/** GET /anamnese/other/{patientId}: another patient's form (read-only) or null. */
export const useAnamneseVon = (patientId: number) => useEndpointQuery(api.vonPatient, { params: { patientId } });

const invalidates = [api.eigene, api.vonPatient];
export const useAnamneseSpeichern = () => useEndpointMutation(api.speichern, { invalidates });
export const useAnamneseUnterschreiben = () => useEndpointMutation(api.unterschreiben, { invalidates });
export const useAnamneseEntfernen = () => useEndpointMutation(api.entfernen, { invalidates });

/** GET /pdf/anamnesefragebogen[/{id}]: the form as a PDF download (the own one without an id). */
export async function anamnesePdfHerunterladen(patientId?: number): Promise<void> {
  const blob =
    patientId === undefined
      ? await callEndpoint(api.pdfEigene)
      : await callEndpoint(api.pdfVonPatient, { params: { id: patientId } });
  saveFile(blob, patientId === undefined ? 'anamnesebogen.pdf' : `anamnesebogen-${patientId}.pdf`);
}
