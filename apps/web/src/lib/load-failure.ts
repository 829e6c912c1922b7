import { ApiError } from './api-client.ts';

/**
 * The sentence a failed load shows: the server's own German reason when it refused (403: no access to this
 * patient's records, 404: no such patient), so a viewer learns why; otherwise the screen's general sentence.
 */
export const ladefehler = (error: unknown, allgemein: string): string =>
  error instanceof ApiError && (error.status === 403 || error.status === 404) ? error.message : allgemein;
