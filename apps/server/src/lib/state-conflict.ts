import { sqlState } from './db-errors.ts';
import { HttpError } from './http-error.ts';

/** A change the record's state forbids (published, submitted, signed). */
export const conflict = (message: string) => new HttpError(409, message);

/** SQLSTATE of the triggers that keep published questionnaires and signed forms unchanged (e.g. migration 0018). */
const UNVERAENDERLICH = '55000';

/**
 * Runs a write; when a trigger refused it (a state check raced with a publication, or a path that forgot to
 * check), the caller gets the German 409 instead of a 500. Used by fragebogen and anamnese.
 */
export async function refusedByTrigger<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (sqlState(error) === UNVERAENDERLICH) throw conflict(message);
    throw error;
  }
}
