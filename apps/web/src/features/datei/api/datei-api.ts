import { dateiEndpoints as api } from '@dihs/contract/datei';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query.ts';

/** GET /files/: the uploaded files. */
export const useDateien = () => useEndpointQuery(api.liste, undefined);

/** POST /upload/datei: one file with its description. */
export function useDateiHochladen() {
  return useEndpointMutation(api.hochladen, {
    toInput: ({ file, beschreibung }: { file: File; beschreibung: string }) => ({
      body: { description: beschreibung, encrypt: 'false', file },
    }),
    invalidates: [api.liste],
  });
}
