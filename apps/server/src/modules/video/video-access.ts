import type { SessionClaims } from '@dihs/contract/auth';
import { ERROR_CODES } from '@dihs/contract/common/errors';
import { canStartSession } from '@dihs/contract/common/time';
import { EINWILLIGUNG_TEXTS } from '@dihs/contract/einwilligung';
import { VIDEO_MESSAGES, type ServerMessage } from '@dihs/contract/video';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { consentRequiredError, hasCurrentConsent } from '../einwilligung/index.ts';
import { findProfileName } from '../profil/index.ts';
import { activeSeat, findTermin } from '../termin/index.ts';

export type Refusal =
  | 'unberechtigt'
  | 'conferenceIdMissing'
  | 'conferenceNotYours'
  | 'conferenceNotNow'
  | 'conferenceClosed'
  | 'conferenceNotBooked'
  | 'kicked'
  | 'gesperrt'
  | 'einwilligungFehlt';

export interface Admission {
  ok: true;
  role: 'THERAPEUT' | 'PATIENT';
  termin: NonNullable<Awaited<ReturnType<typeof findTermin>>>;
}

/**
 * The checks of joining a session, in the brief's order, shared by the WebSocket join and GET /video/sitzung. The
 * lock is read from the database (the therapist's lock is written there at once).
 */
export async function admitToConference(
  db: Database,
  session: SessionClaims,
  conferenceId: number,
  now: Date,
): Promise<Admission | { ok: false; refusal: Refusal }> {
  const refuse = (refusal: Refusal) => ({ ok: false as const, refusal });
  if (session.role !== 'PATIENT' && session.role !== 'THERAPEUT') return refuse('unberechtigt');
  const found = await findTermin(db, conferenceId);
  // Appointments in planning or cancelled have no session.
  if (!found || found.termin.status !== 'AKTIV') return refuse('conferenceIdMissing');
  const termin = found.termin;
  if (session.role === 'THERAPEUT' && termin.therapeutUserId !== session.userId) return refuse('conferenceNotYours');
  if (!canStartSession(termin, now)) return refuse('conferenceNotNow');
  if (termin.sitzungBeendetAt) return refuse('conferenceClosed');
  if (session.role === 'PATIENT') {
    const seat = await activeSeat(db, termin.id, session.userId);
    if (!seat || seat.status !== 'GEBUCHT') return refuse('conferenceNotBooked');
    if (seat.herausgeworfen) return refuse('kicked');
    if (termin.sitzungGesperrt && !seat.beigetreten) return refuse('gesperrt');
    // a changed consent text must be consented to before the patient joins (einwilligung module)
    if (!(await hasCurrentConsent(db, session.userId))) return refuse('einwilligungFehlt');
  }
  return { ok: true, role: session.role, termin: found };
}

/** The refusal as the WebSocket message the session page understands. */
export function refusalMessage(refusal: Refusal): ServerMessage {
  switch (refusal) {
    case 'unberechtigt':
      return { type: 'error', headline: VIDEO_MESSAGES.unberechtigt, description: '' };
    case 'gesperrt':
      return { type: 'error', headline: VIDEO_MESSAGES.gesperrt, description: '' };
    case 'einwilligungFehlt':
      return { type: 'error', headline: EINWILLIGUNG_TEXTS.fehlt, description: '' };
    default:
      return { type: refusal };
  }
}

/** The refusal as the HTTP answer of GET /video/sitzung. */
export function refusalError(refusal: Refusal): HttpError {
  switch (refusal) {
    case 'unberechtigt':
      return HttpError.forbidden(VIDEO_MESSAGES.unberechtigt);
    case 'conferenceIdMissing':
      return HttpError.notFound(VIDEO_MESSAGES.unbekannt);
    case 'conferenceNotYours':
      return HttpError.forbidden(VIDEO_MESSAGES.nichtIhre);
    case 'conferenceNotNow':
      return new HttpError(409, VIDEO_MESSAGES.nichtJetzt, ERROR_CODES.validation);
    case 'conferenceClosed':
      return new HttpError(410, VIDEO_MESSAGES.beendet, ERROR_CODES.notFound);
    case 'conferenceNotBooked':
      return HttpError.forbidden(VIDEO_MESSAGES.nichtGebucht);
    case 'kicked':
      return HttpError.forbidden(VIDEO_MESSAGES.herausgeworfen);
    case 'gesperrt':
      return HttpError.forbidden(VIDEO_MESSAGES.gesperrt);
    case 'einwilligungFehlt':
      return consentRequiredError();
  }
}

/** The first and last name of an account, for the conference's participant list. */
export const namesOf = (db: Database, userId: number): Promise<{ vorname: string; nachname: string }> =>
  findProfileName(db, userId);
