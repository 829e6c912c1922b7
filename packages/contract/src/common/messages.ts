/** German texts shared by server and web: the spec's error catalogue and our own messages. */

export const MESSAGES = {
  // spec 1, section 8
  netzwerkfehlerTitel: 'Netzwerkfehler',
  netzwerkfehlerText: 'Ihre Änderungen wurden nicht übernommen.',
  anmeldungFehlerTitel: 'Fehler bei der Anmeldung',
  loginAbgelaufenTitel: 'Login abgelaufen',
  loginAbgelaufenText: 'Ihr Login ist abgelaufen, bitte loggen Sie sich erneut ein.',
  passwortResetFehler: 'Es ist ein unerwarteter Fehler aufgetreten, bitte versuchen Sie es erneut.',
  passwortResetErfolg:
    'Sie haben eine E-Mail an die angegebene Adresse erhalten. Über diese können Sie ein neues Passwort setzen.',
  eigenesProfil: 'Das eigene Profil kann nicht bearbeitet werden.',
  // spec 3, section 8
  funktionNichtVerfuegbar: 'Funktion nicht verfügbar',
  // login answers (our own wording; the dialog shows the server's message field)
  loginFalsch: 'E-Mail-Adresse oder Passwort ist falsch.',
  // a locked account reads why and whom to ask; /kontakt (public, with a feedback form) and /impressum name the
  // operator of the platform (issue 32 item 1)
  loginGesperrtFehlversuche:
    'Ihr Konto ist gesperrt, weil zu oft hintereinander ein falsches Passwort eingegeben wurde. Nur der Betreiber der Plattform kann die Sperre aufheben: Bitte wenden Sie sich über die Seite „Kontakt“ an ihn; seine Anschrift finden Sie im Impressum.',
  loginInaktiv:
    'Ihr Konto ist gesperrt: Der Betreiber der Plattform hat es deaktiviert. Bitte wenden Sie sich über die Seite „Kontakt“ an ihn; seine Anschrift finden Sie im Impressum.',
  loginAuthCodeFehlt: 'Bitte geben Sie den Auth-Code aus Ihrer Authenticator-App ein.',
  loginAuthCodeFalsch: 'Der Auth-Code ist ungültig.',
  zuVieleAnfragen: 'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
  // generic HTTP answers
  ungueltigeAnfrage: 'Die Anfrage ist ungültig.',
  nichtAngemeldet: 'Bitte melden Sie sich an.',
  sitzungInaktiv: 'Ihre Sitzung wurde nach längerer Inaktivität beendet. Bitte melden Sie sich erneut an.',
  sitzungUngueltig: 'Ihre Anmeldung ist ungültig oder abgelaufen. Bitte melden Sie sich erneut an.',
  keineBerechtigung: 'Sie sind nicht berechtigt, diese Aktion auszuführen.',
  // need-to-know refusal of a patient's records (plugins/patient-access.ts)
  keinPatientenzugriff: 'Sie haben keinen Zugriff auf die Daten dieser Patientin oder dieses Patienten.',
  nichtGefunden: 'Die angeforderte Ressource wurde nicht gefunden.',
  seiteNichtGefunden: 'Die angeforderte Seite wurde nicht gefunden.',
  anfrageZuGross: 'Die Anfrage ist zu groß.',
  keinJson: 'Die Anfrage muss gültiges JSON enthalten.',
  // text that is not well-formed Unicode (a lone surrogate), refused before any schema (issue 31 item 4)
  textNichtWohlgeformt: 'Der Text enthält ungültige Zeichen.',
  formatNichtUnterstuetzt: 'Dieses Format wird nicht unterstützt.',
  ungueltigeAdresse: 'Die Adresse ist ungültig.',
  adresseZuLang: 'Die Adresse ist zu lang.',
  zeitUeberschritten: 'Die Anfrage hat zu lange gedauert. Bitte versuchen Sie es erneut.',
  kopfZuGross: 'Die Kopfzeilen der Anfrage sind zu groß.',
  serverfehler: 'Es ist ein interner Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
  datenbankNichtErreichbar: 'Die Datenbank ist nicht erreichbar.',
  datenbankSpeicher:
    'Die Datenbank kann gerade nicht schreiben (Speicherplatz oder Datenträger). Ihre Anfrage wurde nicht gespeichert; bitte wenden Sie sich an den Betreiber der Plattform.',
  datenbankUeberlastet:
    'Die Datenbank antwortet gerade nicht. Ihre Anfrage wurde nicht ausgeführt; bitte versuchen Sie es in einer Minute erneut.',
} as const;
