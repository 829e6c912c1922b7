import { apiUrl } from '@dihs/contract/common/endpoint';
import { trainingEndpoints } from '@dihs/contract/training';

/** The address of our copy of an exercise's thumbnail, or null while there is none. */
export const vorschauBildUrl = (uebungId: number, key: string | null): string | null =>
  key ? apiUrl(trainingEndpoints.uebungVorschau, { params: { id: uebungId } }) : null;
