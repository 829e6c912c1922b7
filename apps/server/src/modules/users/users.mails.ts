import { PLATFORM, platformMail, type OutgoingMail } from '../mail/index.ts';

/**
 * The notice of an operator's e-mail change, in the style of the account mails (mail/mail-texts.ts). It goes
 * to the old and the new address, so the owner notices a change they did not ask for.
 */
export function emailGeaendertDurchBetreiberMail(input: { to: string; newEmail: string }): OutgoingMail {
  return platformMail({ email: input.to }, 'Ihre Anmeldeadresse wurde geändert', [
    `die E-Mail-Adresse Ihres Kontos bei der ${PLATFORM} wurde vom Betreiber geändert. Sie melden sich ab sofort mit dieser Adresse an: ${input.newEmail}`,
    'Falls Sie diese Änderung nicht veranlasst haben, wenden Sie sich bitte umgehend an unseren Kontakt.',
  ]);
}
