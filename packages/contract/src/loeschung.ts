import { z } from 'zod';

export const patientIdParamSchema = z.object({
  patientId: z.coerce.number({ message: 'Ungültige Patienten-ID.' }).int().positive('Ungültige Patienten-ID.'),
});

/** Result status of a permanent deletion (spec 1, section 4); anything else is shown as unknown. */
export const deletionStatusSchema = z.enum(['gestartet', 'abgeschlossen']);
export const isDeletedResponseSchema = z.boolean();

export const DELETION_TEXTS = {
  fehler: 'Ein Fehler ist bei der Löschung Aufgetreten.',
  unbekannt: 'Unbekannt. (Vielleicht ist etwas schiefgelaufen).',
  bestaetigungsWort: 'LÖSCHEN',
  bestaetigungsWartezeitMs: 6000,
} as const;
