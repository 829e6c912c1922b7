import { z } from 'zod';
import { idParam } from './common/rules.ts';
import { endpoint, operator } from './common/endpoint.ts';

export const patientIdParamSchema = z.object({
  patientId: idParam('Ungültige Patienten-ID.'),
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

const operatorWhoDeletes = operator('PATIENT_LOESCHEN');
const errors = [400, 401, 403, 404] as const;

export const loeschungEndpoints = {
  istGeloescht: endpoint({
    method: 'GET',
    path: '/profil/betreiber/istgeloescht/:patientId/',
    summary: 'Ob die Löschung des Patienten begonnen hat oder abgeschlossen ist',
    tag: 'Löschung',
    access: operatorWhoDeletes,
    patientRecord: {
      kind: 'PROFIL',
      action: 'LESEN',
      patientParam: 'patientId',
      operatorPrivileges: ['PATIENT_LOESCHEN'],
    },
    params: patientIdParamSchema,
    response: isDeletedResponseSchema,
    errors,
  }),
  loeschen: endpoint({
    method: 'DELETE',
    path: '/profil/betreiber/deleteforever/:patientId/',
    summary: 'Patienten endgültig löschen (Hintergrundauftrag)',
    tag: 'Löschung',
    access: operatorWhoDeletes,
    patientRecord: {
      kind: 'PROFIL',
      action: 'SCHREIBEN',
      patientParam: 'patientId',
      operatorPrivileges: ['PATIENT_LOESCHEN'],
    },
    params: patientIdParamSchema,
    response: deletionStatusSchema,
    errors,
  }),
};
