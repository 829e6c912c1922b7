import { einwilligungEndpoints as api, EINWILLIGUNG_TEXTS } from '@dihs/contract/einwilligung';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { findUserById } from '../users/index.ts';
import { asOffeneFassung, giveConsent, listConsents, openVersions, withdrawConsent } from './einwilligung.service.ts';

/** Consent records: the patient's own (dialog after a change, profile) and a patient's for operators. */
export async function einwilligungRoutes(app: AppInstance, { db }: AppDeps) {
  // the caller's own records: the declarations (self) name them to the need-to-know check and the audit log
  route(app, api.offen, async (request) => (await openVersions(db, sessionOf(request).userId)).map(asOffeneFassung));
  route(app, api.erteilen, (request) => giveConsent(db, sessionOf(request).userId, request.body));
  route(app, api.widerrufen, (request) => withdrawConsent(db, sessionOf(request).userId));
  route(app, api.eigene, (request) => listConsents(db, sessionOf(request).userId));
  // the patient parameter is admitted by the declaration's rule (operators need BENUTZER_VERWALTEN)
  route(app, api.desPatienten, async (request) => {
    const patient = await findUserById(db, request.params.patientId);
    if (!patient || patient.role !== 'PATIENT' || patient.deletedAt) {
      throw HttpError.notFound(EINWILLIGUNG_TEXTS.patientUnbekannt);
    }
    return listConsents(db, patient.id);
  });
}
