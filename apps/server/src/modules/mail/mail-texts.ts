import type { OutgoingMail } from './mail.transport.ts';

/**
 * The platform's mail frame (subject prefix, greeting, signature) and the texts of the account mails, in German, in
 * one place: accounts and users send them, and every module's mail is framed alike. They live in the mail module,
 * below both (issue 30 item 3). Links are built from PUBLIC_URL, so they point at the address the users reach the
 * platform under, never at the request's Host header (which a sender controls).
 */

export const PLATFORM = 'DiHS Teletherapie';

export interface Recipient {
  email: string;
  vorname?: string | null | undefined;
  nachname?: string | null | undefined;
}

/** The links a mail may carry, below PUBLIC_URL. */
export function mailLinks(publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    emailBestaetigen: (code: string) => `${base}/emailbestaetigen/${code}`,
    emailReset: (code: string) => `${base}/emailreset/${code}`,
    passwortReset: (code: string) => `${base}/passwortreset/${code}`,
    login: `${base}/?login`,
  };
}

function greeting({ vorname, nachname }: Recipient): string {
  const name = [vorname, nachname].filter(Boolean).join(' ').trim();
  return name ? `Guten Tag ${name},` : 'Guten Tag,';
}

const validity = (hours: number) => `Der Link ist ${hours} Stunden gültig und kann nur einmal verwendet werden.`;

const SIGNATURE = `Mit freundlichen Grüßen
Ihr Team der ${PLATFORM}

Diese E-Mail wurde automatisch erstellt. Bitte antworten Sie nicht darauf.`;

const NOT_YOU =
  'Falls Sie das nicht waren, können Sie diese E-Mail ignorieren; an Ihrem Konto ändert sich dann nichts.';

function mail(to: Recipient, subject: string, paragraphs: string[]): OutgoingMail {
  return {
    to: to.email,
    subject: `${PLATFORM}: ${subject}`,
    text: [greeting(to), ...paragraphs, SIGNATURE].join('\n\n') + '\n',
  };
}

/**
 * A mail in the platform's style (subject prefix, greeting by name, signature) for other modules' confirmations,
 * so every mail a patient receives looks alike.
 */
export function platformMail(
  to: Recipient,
  subject: string,
  paragraphs: string[],
  attachments?: OutgoingMail['attachments'],
): OutgoingMail {
  return attachments ? { ...mail(to, subject, paragraphs), attachments } : mail(to, subject, paragraphs);
}

export const MAIL_TEXTS = {
  /** After the registration: the link confirms the address. */
  registrierungBestaetigen: (to: Recipient, link: string, hours: number): OutgoingMail =>
    mail(to, 'Bitte bestätigen Sie Ihre E-Mail-Adresse', [
      `vielen Dank für Ihre Registrierung bei der ${PLATFORM}. Bitte bestätigen Sie Ihre E-Mail-Adresse über diesen Link:`,
      link,
      validity(hours),
      'Erst nach der Bestätigung können Sie Termine buchen und bezahlen. Anmelden können Sie sich schon jetzt.',
      'Falls Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.',
    ]),

  /** "Erneut Senden?": the same request, sent again with a new link (the earlier one stops working). */
  bestaetigungErneut: (to: Recipient, link: string, hours: number): OutgoingMail =>
    mail(to, 'Bitte bestätigen Sie Ihre E-Mail-Adresse', [
      `bitte bestätigen Sie Ihre E-Mail-Adresse für die ${PLATFORM} über diesen Link:`,
      link,
      `${validity(hours)} Links aus früheren E-Mails gelten nicht mehr.`,
      'Erst nach der Bestätigung können Sie Termine buchen und bezahlen.',
    ]),

  /**
   * Someone registered with an address that already has an account. The registration page answers as for a new
   * address (so it does not reveal which addresses have accounts); the owner learns it here instead.
   */
  registrierungVorhanden: (
    to: Recipient,
    loginLink: string,
    confirmation: { link: string; hours: number } | null,
  ): OutgoingMail =>
    mail(to, 'Ihre E-Mail-Adresse ist bereits registriert', [
      `soeben wurde versucht, mit Ihrer E-Mail-Adresse ein neues Konto bei der ${PLATFORM} anzulegen. Zu dieser Adresse besteht bereits ein Konto, deshalb wurde kein neues angelegt.`,
      `Wenn Sie das waren, melden Sie sich bitte mit Ihrem bestehenden Konto an. Haben Sie Ihr Passwort vergessen, wählen Sie im Anmeldefenster „Passwort vergessen“:`,
      loginLink,
      ...(confirmation
        ? [
            'Ihre E-Mail-Adresse ist noch nicht bestätigt. Das können Sie über diesen Link nachholen:',
            confirmation.link,
            validity(confirmation.hours),
          ]
        : []),
      'Falls Sie das nicht waren, können Sie diese E-Mail ignorieren.',
    ]),

  /** "Passwort vergessen": the link to the page that sets a new password. */
  passwortZuruecksetzen: (to: Recipient, link: string, hours: number): OutgoingMail =>
    mail(to, 'Neues Passwort festlegen', [
      `für Ihr Konto bei der ${PLATFORM} wurde ein neues Passwort angefordert. Über diesen Link können Sie es festlegen:`,
      link,
      validity(hours),
      `Falls Sie kein neues Passwort angefordert haben, können Sie diese E-Mail ignorieren; Ihr bisheriges Passwort bleibt gültig.`,
    ]),

  /** An operator created the account: the new user sets a first password (same page as the reset). */
  passwortSetzen: (to: Recipient, link: string, hours: number): OutgoingMail =>
    mail(to, 'Ihr Zugang – bitte legen Sie Ihr Passwort fest', [
      `für Sie wurde ein Konto bei der ${PLATFORM} angelegt. Ihr Benutzername ist diese E-Mail-Adresse: ${to.email}`,
      'Bitte legen Sie über diesen Link Ihr Passwort fest:',
      link,
      validity(hours),
      'Ist der Link abgelaufen, wählen Sie im Anmeldefenster „Passwort vergessen“ und fordern einen neuen an.',
    ]),

  /**
   * A login from a device the account has not used before (docs/decisions.md, issue 31 item 7): when, what and from
   * where, and what to do if it was not the owner. The subject is the issue's, without the usual prefix.
   */
  neueAnmeldung: (
    to: Recipient,
    login: { zeit: string; geraet: string; browser: string; adresse: string },
    loginLink: string,
  ): OutgoingMail => ({
    ...mail(to, 'Neue Anmeldung', [
      `Ihr Konto bei der ${PLATFORM} wurde soeben auf einem Gerät angemeldet, mit dem Sie sich bisher nicht angemeldet hatten:`,
      [
        `Zeitpunkt: ${login.zeit}`,
        `Gerät: ${login.geraet}`,
        `Browser: ${login.browser}`,
        `Adresse: ${login.adresse}`,
      ].join('\n'),
      'Wenn Sie das waren, ist nichts weiter zu tun.',
      `Falls Sie das nicht waren, ändern Sie bitte sofort Ihr Passwort und wählen Sie in Ihrem Profil unter „Angemeldete Geräte“ die Schaltfläche „Überall abmelden“; damit endet jede Anmeldung Ihres Kontos. Haben Sie keinen Zugang mehr, setzen Sie über „Passwort vergessen“ im Anmeldefenster ein neues Passwort und wenden Sie sich an unseren Kontakt:`,
      loginLink,
    ]),
    subject: `Neue Anmeldung bei ${PLATFORM}`,
  }),

  /** Sent after every password change, so an owner notices a change they did not make. */
  passwortGeaendert: (to: Recipient): OutgoingMail =>
    mail(to, 'Ihr Passwort wurde geändert', [
      `das Passwort Ihres Kontos bei der ${PLATFORM} wurde soeben geändert.`,
      'Falls Sie das nicht waren, wenden Sie sich bitte umgehend an unseren Kontakt und setzen Sie über „Passwort vergessen“ im Anmeldefenster ein neues Passwort.',
    ]),

  /** E-mail change, to the new address: the link makes it the login. */
  emailAendernBestaetigen: (to: Recipient, link: string, hours: number): OutgoingMail =>
    mail(to, 'Bitte bestätigen Sie Ihre neue E-Mail-Adresse', [
      `für Ihr Konto bei der ${PLATFORM} wurde diese E-Mail-Adresse als neue Anmeldeadresse angegeben. Bitte bestätigen Sie die Änderung über diesen Link:`,
      link,
      validity(hours),
      'Bis zur Bestätigung melden Sie sich weiter mit Ihrer bisherigen E-Mail-Adresse an.',
      NOT_YOU,
    ]),

  /** E-mail change, to the old address: the owner learns of a change they may not have asked for. */
  emailAendernHinweis: (to: Recipient, newEmail: string): OutgoingMail =>
    mail(to, 'Änderung Ihrer E-Mail-Adresse angefordert', [
      `für Ihr Konto bei der ${PLATFORM} wurde eine neue E-Mail-Adresse angegeben: ${newEmail}`,
      'Die Änderung wird erst wirksam, wenn sie über den Link bestätigt wird, den wir an die neue Adresse geschickt haben. Bis dahin bleibt diese Adresse Ihre Anmeldeadresse.',
      'Falls Sie das nicht waren, wenden Sie sich bitte umgehend an unseren Kontakt und ändern Sie Ihr Passwort.',
    ]),

  /** E-mail change to an address that already has an account: nothing changes; said here, not on the screen. */
  emailAendernVergeben: (to: Recipient): OutgoingMail =>
    mail(to, 'Ihre E-Mail-Adresse ist bereits registriert', [
      `soeben wurde versucht, diese E-Mail-Adresse als Anmeldeadresse eines anderen Kontos bei der ${PLATFORM} einzutragen. Zu dieser Adresse besteht bereits ein Konto, deshalb wurde nichts geändert.`,
      'Falls Sie das nicht waren, können Sie diese E-Mail ignorieren.',
    ]),
} as const;
