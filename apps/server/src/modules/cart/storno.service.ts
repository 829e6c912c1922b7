import { STORNO_MESSAGES, type AbmeldenResponse } from '@dihs/contract/cart';
import { canCancel, formatDateTimeUhr } from '@dihs/contract/common/time';
import { TERMIN_MESSAGES } from '@dihs/contract/termin';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { activeSeat, enqueueStornoMail, lockTermin, releaseSeatWithRefund } from '../termin/index.ts';

/**
 * The patient cancels an own booked seat (spec 2 "Cancellation"): only while the start is more than 24 hours away
 * on the server's clock. The seat is freed and refunded by the one seat rule (employer seats get nothing), and the
 * patient gets the cancellation mail.
 */
export async function abmelden(
  db: Database,
  patientUserId: number,
  terminId: number,
  now: Date,
): Promise<AbmeldenResponse> {
  return db.transaction(async (tx) => {
    const termin = await lockTermin(tx, terminId);
    const seat = termin ? await activeSeat(tx, terminId, patientUserId) : undefined;
    if (!termin || !seat || seat.status !== 'GEBUCHT') throw HttpError.notFound(TERMIN_MESSAGES.keineBuchung);
    if (!canCancel(termin.datum, now)) {
      throw new HttpError(409, STORNO_MESSAGES.fehler);
    }
    const result = await releaseSeatWithRefund(tx, seat.id, {
      now,
      reason: `Termin storniert: ${termin.befund} am ${formatDateTimeUhr(termin.datum)}`,
      reference: `termin:${terminId}`,
      authorUserId: patientUserId,
    });
    // confirmed by mail with the release and its refund, in this transaction (issue 15 item 9)
    if (result) await enqueueStornoMail(tx, patientUserId, termin, result.refund, 'PATIENT');
    return { terminId, befund: termin.befund, gutschrift: Boolean(result?.refund) };
  });
}
