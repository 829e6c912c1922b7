import { formatDateTimeUhr } from '@dihs/contract/common/time';
import { TERMINTYP_LABELS } from '@dihs/contract/termin';
import type { Transaction } from '../../db/client.ts';
import { enqueueMail, PLATFORM, platformMail } from '../mail/index.ts';
import type { CartSeat } from '../termin/index.ts';
import { buildIcs } from './ics.ts';

export const BOOKING_MAIL_SUBJECT = 'Ihre Terminbuchung';
export const ICS_FILENAME = 'termine.ics';

const line = ({ termin }: CartSeat) =>
  `- ${termin.befund} (${TERMINTYP_LABELS[termin.termintyp]}) am ${formatDateTimeUhr(termin.datum)}, ${termin.dauer} Minuten`;

/**
 * Enqueues the booking confirmation of the booked seats (one mail per booking) with a calendar file; sent only if
 * the booking commits. Nothing for an empty list or a deleted account.
 */
export async function enqueueBookingMail(
  tx: Transaction,
  patient: { email: string; vorname: string; nachname: string },
  booked: CartSeat[],
  now: Date,
): Promise<void> {
  if (booked.length === 0) return;
  const ics = buildIcs(
    booked.map(({ seat, termin }) => ({
      // stable per seat: sending the file again updates the calendar entry instead of adding one
      uid: `termin-sitz-${seat.id}@dihs`,
      start: termin.datum,
      durationMinutes: termin.dauer,
      summary: `${termin.befund} (${TERMINTYP_LABELS[termin.termintyp]})`,
      description: `Ihr Termin bei ${PLATFORM}. Die Sitzung starten Sie 10 Minuten vor Beginn im Terminplan.`,
    })),
    { prodId: `-//${PLATFORM}//Terminbuchung//DE`, stamp: now },
  );
  await enqueueMail(
    tx,
    platformMail(
      patient,
      BOOKING_MAIL_SUBJECT,
      [
        [booked.length === 1 ? 'Ihr Termin ist gebucht:' : 'Ihre Termine sind gebucht:', ...booked.map(line)].join(
          '\n',
        ),
        'Die Termine finden Sie auch in der angehängten Kalenderdatei und in Ihrem Terminplan. Eine Stornierung ist bis 24 Stunden vor Terminbeginn möglich.',
      ],
      [{ filename: ICS_FILENAME, contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics }],
    ),
  );
}
