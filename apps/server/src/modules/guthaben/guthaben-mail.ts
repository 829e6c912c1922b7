import { formatEuroCents } from '@dihs/contract/common/money';
import type { Transaction } from '../../db/client.ts';
import { enqueueMail, platformMail } from '../mail/index.ts';
import { findPersonById } from '../profil/index.ts';
import { packageLines, renderGuthabenBestaetigung } from './guthaben-pdf.ts';
import type { GuthabenBestellungRow } from './guthaben.table.ts';

export const GUTHABEN_MAIL_SUBJECT = 'Ihr Guthabenkauf';

/**
 * Confirms a paid credit order to the patient with the confirmation PDF attached, inside the payment's transaction:
 * the mail leaves only if the credit was booked. Nothing for a deleted account.
 */
export async function enqueueGuthabenMail(tx: Transaction, order: GuthabenBestellungRow, now: Date): Promise<void> {
  const person = await findPersonById(tx, order.patientUserId);
  if (!person || person.user.deletedAt) return;
  const profile = person.profile;
  const pdf = await renderGuthabenBestaetigung(
    order,
    {
      vorname: profile?.vorname ?? null,
      nachname: profile?.nachname ?? null,
      strasse: profile?.strasse ?? null,
      hausnummer: profile?.hausnummer ?? null,
      plz: profile?.plz ?? null,
      ort: profile?.ort ?? null,
    },
    now,
  );
  await enqueueMail(
    tx,
    platformMail(
      { email: person.user.email, vorname: profile?.vorname, nachname: profile?.nachname },
      GUTHABEN_MAIL_SUBJECT,
      [
        `vielen Dank für Ihren Kauf. Ihr Guthabenpaket „${order.titel}“ (${formatEuroCents(order.centPreis)}) ist bezahlt und Ihrem Guthaben gutgeschrieben:`,
        packageLines(order)
          .map((line) => `- ${line}`)
          .join('\n'),
        'Ihre Buchungsbestätigung finden Sie im Anhang dieser E-Mail. Mit dem Guthaben buchen Sie Termine in Ihrem Terminplan.',
      ],
      [
        {
          filename: `guthabenbestaetigung-${order.id}.pdf`,
          contentType: 'application/pdf',
          content: pdf.toString('base64'),
          encoding: 'base64',
        },
      ],
    ),
  );
}
