import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { findPersonById } from '../profil/index.ts';
import type { PdfPatient } from './befund-pdf.ts';

/**
 * The patient a questionnaire or anamnesis belongs to, or 404 with the caller's German message: an unknown id, a
 * deleted patient or an account of another role (the need-to-know check lets an operator pass on non-patients and
 * leaves the answer to the handler). Answers the name and birth date the PDFs print.
 */
export async function patientOderNichtGefunden(db: Database, userId: number, message: string): Promise<PdfPatient> {
  const person = await findPersonById(db, userId);
  if (!person || person.user.role !== 'PATIENT' || person.user.deletedAt) throw HttpError.notFound(message);
  const name = `${person.profile?.vorname ?? ''} ${person.profile?.nachname ?? ''}`.trim();
  return { name, geburtsdatum: person.profile?.geburtsdatum ?? null };
}
