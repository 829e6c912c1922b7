/**
 * Templates of the demo installation's legal and help pages: realistic German texts for an online therapy platform,
 * each opened by a notice that it is a template the operator must check and adapt (names, addresses, registers,
 * prices, deadlines). They are no legal advice; the placeholders are marked "Muster".
 */

/** Shown at the top of every template page. */
export const TEMPLATE_NOTE =
  '<blockquote><p><strong>Vorlage – vom Betreiber anzupassen.</strong> Beispieltext der Demo-Installation: ' +
  'Diese Seite ist ein Muster für eine Online-Therapie-Plattform. Prüfen Sie den Text vor dem Betrieb (am besten ' +
  'mit Ihrer Rechtsberatung und Ihrer oder Ihrem Datenschutzbeauftragten), ersetzen Sie alle Angaben mit „Muster“ ' +
  'und passen Sie ihn an Ihr Angebot an. Er ist keine Rechtsberatung.</p></blockquote>';

const html = (...parts: string[]) => parts.join('');
const list = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;

const OPERATOR =
  'Muster-Betreiber GmbH<br />Musterstraße 1<br />12345 Musterstadt<br />Telefon: 01234 567890<br />E-Mail: kontakt@example.de';

export const IMPRESSUM = html(
  '<h2>Angaben gemäß § 5 Digitale-Dienste-Gesetz (DDG)</h2>',
  `<p>${OPERATOR}</p>`,
  '<p>Vertreten durch die Geschäftsführung: Max Mustermann</p>',
  '<h2>Registereintrag</h2>',
  '<p>Eingetragen im Handelsregister des Amtsgerichts Musterstadt unter HRB 00000.</p>',
  '<h2>Umsatzsteuer</h2>',
  '<p>Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: DE000000000. Heilmittelleistungen von ',
  'Physiotherapeutinnen und Physiotherapeuten sind nach § 4 Nr. 14 UStG von der Umsatzsteuer befreit, soweit sie ',
  'der Behandlung einer Erkrankung dienen; Präventions- und Trainingsangebote können umsatzsteuerpflichtig sein.</p>',
  '<h2>Berufsrechtliche Angaben</h2>',
  '<p>Die Therapeutinnen und Therapeuten der Plattform führen die Berufsbezeichnung „Physiotherapeutin“ bzw. ',
  '„Physiotherapeut“, verliehen in der Bundesrepublik Deutschland. Maßgebliche Regelung: Gesetz über die Berufe in ',
  'der Physiotherapie (Masseur- und Physiotherapeutengesetz – MPhG). Zuständige Aufsichtsbehörde: Muster-Gesundheitsamt, ',
  'Musterweg 2, 12345 Musterstadt.</p>',
  '<h2>Verantwortlich für den Inhalt nach § 18 Abs. 2 Medienstaatsvertrag</h2>',
  '<p>Max Mustermann, Anschrift wie oben.</p>',
  '<h2>Verbraucherstreitbeilegung</h2>',
  '<p>Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer ',
  'Verbraucherschlichtungsstelle teilzunehmen (§ 36 Verbraucherstreitbeilegungsgesetz).</p>',
  '<h2>Haftung für Inhalte und Links</h2>',
  '<p>Die Inhalte dieser Plattform ersetzen keine ärztliche Untersuchung oder Behandlung. Für Inhalte verlinkter ',
  'externer Seiten sind ausschließlich deren Betreiber verantwortlich.</p>',
);

export const DATENSCHUTZ = html(
  '<h2>1. Verantwortlicher</h2>',
  `<p>${OPERATOR}</p>`,
  '<p>Datenschutzbeauftragte/r: Muster Datenschutz GmbH, datenschutz@example.de</p>',
  '<h2>2. Welche Daten wir verarbeiten</h2>',
  list([
    '<strong>Konto- und Stammdaten</strong>: Name, Anschrift, Geburtsdatum, E-Mail-Adresse, Telefonnummer, bei ' +
      'Firmenpatientinnen und -patienten der Arbeitgeber.',
    '<strong>Gesundheitsdaten</strong> (besondere Kategorien personenbezogener Daten nach Art. 9 Abs. 1 DSGVO): ' +
      'Anamnese mit Schmerzangaben, Befunde, Rezepte und Verordnungen, Fragebögen, Behandlungsdokumentation, ' +
      'Trainingspläne und deren Erledigung.',
    '<strong>Termin- und Abrechnungsdaten</strong>: gebuchte Termine, Teilnahme, Guthaben, Abos, Zahlungsstatus. ' +
      'Kartendaten erhebt ausschließlich unser Zahlungsdienstleister; wir speichern sie nicht.',
    '<strong>Daten der Videositzung</strong>: Beginn, Ende und Teilnahme einer Sitzung. Bild und Ton werden nicht ' +
      'aufgezeichnet.',
    '<strong>Technische Daten</strong>: IP-Adresse und Zeitpunkt von Anmeldungen, Sicherheitsprotokolle sowie ein ' +
      'Protokoll jedes Zugriffs auf Ihre Gesundheitsdaten (wer, wann, welche Art von Daten – nie deren Inhalt).',
  ]),
  '<h2>3. Zwecke und Rechtsgrundlagen</h2>',
  list([
    'Bereitstellung des Kontos, Terminbuchung, Durchführung der Therapie und Abrechnung: Art. 6 Abs. 1 lit. b DSGVO ' +
      '(Vertrag).',
    'Verarbeitung von Gesundheitsdaten zur Behandlung durch Angehörige eines Gesundheitsberufs, die der ' +
      'Schweigepflicht unterliegen: Art. 9 Abs. 2 lit. h, Abs. 3 DSGVO in Verbindung mit § 22 Abs. 1 Nr. 1 lit. b ' +
      'BDSG; soweit darüber hinaus erforderlich, Ihre ausdrückliche Einwilligung nach Art. 9 Abs. 2 lit. a DSGVO ' +
      '(insbesondere zur Videotherapie, siehe „Einverständnis zur Videotherapie“).',
    'Aufbewahrung der Behandlungsdokumentation (§ 630f BGB: zehn Jahre nach Abschluss der Behandlung) und von ' +
      'Buchungsbelegen (§ 147 AO, § 257 HGB): Art. 6 Abs. 1 lit. c DSGVO (rechtliche Verpflichtung).',
    'Sicherheit der Plattform, Abwehr von Missbrauch, Zugriffsprotokolle: Art. 6 Abs. 1 lit. f DSGVO (berechtigtes ' +
      'Interesse am Schutz Ihrer Daten und unserer Systeme).',
  ]),
  '<h2>4. Wer Ihre Daten sieht</h2>',
  '<p>Ihre Gesundheitsdaten sehen nur Sie selbst, die Therapeutinnen und Therapeuten, bei denen Sie in Behandlung ',
  'sind (ein gebuchter Termin oder ein Trainingsplan), und Mitarbeitende des Betreibers, soweit ihre Aufgabe es ',
  'erfordert. Jeder Zugriff wird protokolliert; das Protokoll können Sie in Ihrem Profil einsehen. Ihr Arbeitgeber ',
  'erhält bei Firmenangeboten keine Gesundheitsdaten. Dienstleister, die für uns Server, E-Mail-Versand oder ',
  'Zahlungen betreiben, sind nach Art. 28 DSGVO vertraglich gebunden (Zahlungsdienstleister: Muster-Payment AG, als ',
  'eigener Verantwortlicher für die Zahlungsabwicklung). Eine Übermittlung in Länder außerhalb der EU bzw. des EWR ',
  'findet nicht statt.</p>',
  '<h2>5. Sicherheit</h2>',
  '<p>Die Verbindung zur Plattform ist durchgehend TLS-verschlüsselt. Hochgeladene Gesundheitsdokumente werden ',
  'verschlüsselt gespeichert. Videositzungen werden Ende-zu-Ende verschlüsselt und möglichst direkt zwischen den ',
  'Beteiligten übertragen. Für Ihr Konto können Sie eine Zwei-Faktor-Anmeldung einrichten.</p>',
  '<h2>6. Speicherdauer</h2>',
  '<p>Wir speichern Ihre Daten, solange Ihr Konto besteht. Nach der Löschung Ihres Kontos bewahren wir nur auf, was ',
  'wir gesetzlich aufbewahren müssen (Behandlungsdokumentation zehn Jahre, Buchungsbelege bis zu zehn Jahre), und ',
  'sperren es für jede andere Verwendung. Zugriffsprotokolle werden nach Ablauf ihrer Aufbewahrungsfrist gelöscht.</p>',
  '<h2>7. Cookies und lokaler Speicher</h2>',
  '<p>Wir verwenden keine Tracking- oder Werbe-Cookies und binden keine Dienste Dritter ein, die Sie verfolgen. Im ',
  'Browser speichern wir nur Ihren Anmeldeschlüssel und ob Sie den Hinweis zum lokalen Speicher gelesen haben ',
  '(§ 25 Abs. 2 Nr. 2 TDDDG: unbedingt erforderlich).</p>',
  '<h2>8. Ihre Rechte</h2>',
  list([
    'Auskunft (Art. 15 DSGVO) – eine vollständige Datenauskunft können Sie jederzeit selbst in Ihrem Profil ' +
      'herunterladen,',
    'Berichtigung (Art. 16), Löschung (Art. 17) und Einschränkung der Verarbeitung (Art. 18 DSGVO),',
    'Datenübertragbarkeit (Art. 20 DSGVO),',
    'Widerspruch gegen Verarbeitungen auf Grundlage berechtigter Interessen (Art. 21 DSGVO),',
    'Widerruf einer Einwilligung mit Wirkung für die Zukunft (Art. 7 Abs. 3 DSGVO),',
    'Beschwerde bei einer Datenschutz-Aufsichtsbehörde (Art. 77 DSGVO), z. B. bei der für den Betreiber ' +
      'zuständigen Muster-Landesbeauftragten für Datenschutz.',
  ]),
  '<h2>9. Pflicht zur Angabe, keine automatisierten Entscheidungen</h2>',
  '<p>Ohne Konto- und Kontaktdaten können wir keine Termine anbieten; Gesundheitsangaben sind freiwillig, ohne sie ',
  'ist eine fachgerechte Therapie aber oft nicht möglich. Automatisierte Entscheidungen im Sinne des Art. 22 DSGVO ',
  'finden nicht statt.</p>',
  '<p>Stand: Muster-Datum</p>',
);

export const AGB = html(
  '<h2>§ 1 Geltungsbereich und Vertragspartner</h2>',
  '<p>Diese Allgemeinen Geschäftsbedingungen gelten für alle Verträge über die Nutzung der Online-Therapie-Plattform ',
  'zwischen der Muster-Betreiber GmbH (nachfolgend „Betreiber“) und Patientinnen und Patienten (nachfolgend ',
  '„Nutzende“). Abweichende Bedingungen der Nutzenden gelten nicht.</p>',
  '<h2>§ 2 Leistungen</h2>',
  '<p>Der Betreiber bietet Physiotherapie und Tele-Rehabilitation per Video und Telefon, Trainingspläne, ',
  'Übungsvideos und Fragebögen an. Die Therapie erbringen staatlich anerkannte Physiotherapeutinnen und ',
  'Physiotherapeuten. <strong>Die Plattform ist kein Notfalldienst.</strong> In einem Notfall wählen Sie 112; den ',
  'ärztlichen Bereitschaftsdienst erreichen Sie unter 116 117.</p>',
  '<h2>§ 3 Registrierung und Konto</h2>',
  '<p>Die Nutzung setzt ein Konto mit bestätigter E-Mail-Adresse voraus. Die Angaben müssen wahr und aktuell sein. ',
  'Ein Anspruch auf Abschluss eines Vertrags besteht nicht.</p>',
  '<h2>§ 4 Vertragsschluss</h2>',
  '<p>Die Darstellung von Terminen, Guthabenpaketen und Abos ist kein bindendes Angebot. Mit „Buchen“ bzw. ',
  '„Zahlungspflichtig bestellen“ geben Nutzende ein verbindliches Angebot ab; der Vertrag kommt mit der ',
  'Buchungsbestätigung per E-Mail zustande.</p>',
  '<h2>§ 5 Preise und Zahlung</h2>',
  '<p>Es gelten die bei der Buchung angezeigten Preise einschließlich gesetzlicher Umsatzsteuer, soweit diese anfällt. ',
  'Bezahlt wird mit Guthaben, über ein Abo, ein Rezept, über den Arbeitgeber oder per Karte über die Bezahlseite ',
  'unseres Zahlungsdienstleisters. Guthaben verfällt nicht vor Ablauf der gesetzlichen Verjährung.</p>',
  '<h2>§ 6 Stornierung von Terminen</h2>',
  '<p>Gebuchte Termine können bis 24 Stunden vor Beginn im Terminplan kostenfrei storniert werden; das eingesetzte ',
  'Guthaben wird zurückgeschrieben. Später abgesagte oder nicht wahrgenommene Termine werden berechnet, es sei denn, ',
  'die Nutzenden haben dies nicht zu vertreten. Sagt der Betreiber einen Termin ab, wird das Guthaben vollständig ',
  'erstattet.</p>',
  '<h2>§ 7 Abos</h2>',
  '<p>Abos laufen über die bei der Buchung genannte Mindestlaufzeit und verlängern sich danach jeweils um diese ',
  'Laufzeit, wenn sie nicht mit der angegebenen Frist vor Ablauf gekündigt werden. Die Kündigung ist jederzeit im ',
  'Profil möglich und kann bis zum Vertragsende widerrufen werden. Nicht genutzte Leistungen eines Abrechnungszeitraums ',
  'verfallen mit dem Ende des Abos.</p>',
  '<h2>§ 8 Widerrufsrecht</h2>',
  '<p>Verbraucherinnen und Verbraucher haben ein vierzehntägiges Widerrufsrecht nach Maßgabe der ',
  'Muster-Widerrufsbelehrung (Anlage 1 zu Art. 246a § 1 Abs. 2 EGBGB), die der Betreiber hier einfügt. Verlangen ',
  'Nutzende, dass eine Leistung vor Ablauf der Widerrufsfrist beginnt, ist im Fall des Widerrufs Wertersatz für ',
  'die bis dahin erbrachten Leistungen zu leisten.</p>',
  '<h2>§ 9 Mitwirkung</h2>',
  '<p>Nutzende sorgen für die technischen Voraussetzungen (siehe „Häufige Fragen“), einen ruhigen, sicheren Ort ',
  'für Übungen und informieren ihre Therapeutin oder ihren Therapeuten über Beschwerden, Vorerkrankungen und ',
  'Veränderungen ihres Gesundheitszustands.</p>',
  '<h2>§ 10 Haftung</h2>',
  '<p>Der Betreiber haftet unbeschränkt für Schäden aus der Verletzung des Lebens, des Körpers oder der Gesundheit ',
  'sowie für Vorsatz und grobe Fahrlässigkeit. Bei leichter Fahrlässigkeit haftet er nur für die Verletzung ',
  'wesentlicher Vertragspflichten, begrenzt auf den vorhersehbaren, vertragstypischen Schaden.</p>',
  '<h2>§ 11 Schlussbestimmungen</h2>',
  '<p>Es gilt deutsches Recht unter Ausschluss des UN-Kaufrechts; zwingende Verbraucherschutzvorschriften des ',
  'Staates, in dem Nutzende ihren gewöhnlichen Aufenthalt haben, bleiben unberührt. Sollte eine Bestimmung unwirksam ',
  'sein, bleibt der Vertrag im Übrigen wirksam.</p>',
  '<p>Stand: Muster-Datum</p>',
);

export const FAQ = html(
  '<h2>Was brauche ich für eine Videotherapie?</h2>',
  '<p>Einen aktuellen Browser (Chrome, Edge, Firefox oder Safari), eine Kamera, ein Mikrofon und eine stabile ',
  'Internetverbindung. Mit dem Verbindungstest prüfen Sie alles vorab. Eine App müssen Sie nicht installieren.</p>',
  '<h2>Wie buche ich einen Termin?</h2>',
  '<p>Nach der Anmeldung wählen Sie im Terminplan einen freien Termin und bezahlen mit Guthaben, Abo, Rezept oder ',
  'Karte. Die Bestätigung mit Kalenderdatei erhalten Sie per E-Mail.</p>',
  '<h2>Wie starte ich meine Sitzung?</h2>',
  '<p>Zehn Minuten vor Beginn erscheint im Terminplan und im Cockpit die Schaltfläche „Sitzung beitreten“. Ihr ',
  'Browser fragt dann nach Kamera und Mikrofon – bitte erlauben Sie den Zugriff.</p>',
  '<h2>Kann ich einen Termin absagen?</h2>',
  '<p>Ja, bis 24 Stunden vor Beginn im Terminplan mit „Stornieren“. Ihr Guthaben wird zurückgeschrieben, und Sie ',
  'erhalten eine Bestätigung per E-Mail.</p>',
  '<h2>Übernimmt meine Krankenkasse die Kosten?</h2>',
  '<p>Mit einer Heilmittelverordnung (Rezept) können Sie Termine über das Rezept buchen, sofern Ihre Kasse ',
  'Videotherapie für die verordnete Leistung zulässt. Laden Sie das Rezept dazu in Ihrem Profil hoch. Private ',
  'Versicherungen und Beihilfe erstatten nach ihren Tarifen; Ihre Buchungsbestätigungen finden Sie in Ihrem Profil.</p>',
  '<h2>Wird die Videositzung aufgezeichnet?</h2>',
  '<p>Nein. Bild und Ton werden verschlüsselt übertragen und nirgends gespeichert.</p>',
  '<h2>Was passiert mit meinen Gesundheitsdaten?</h2>',
  '<p>Sie sehen nur Sie und die Therapeutinnen und Therapeuten, bei denen Sie in Behandlung sind. Jeden Zugriff ',
  'können Sie im Protokoll Ihres Profils nachlesen. Mehr dazu in der Datenschutzerklärung.</p>',
  '<h2>Ich habe mein Passwort vergessen.</h2>',
  '<p>Wählen Sie bei der Anmeldung „Passwort vergessen?“. Sie erhalten einen Link, der 24 Stunden gültig ist.</p>',
);

export const KONTAKT = html(
  `<p>${OPERATOR}</p>`,
  '<h2>Erreichbarkeit</h2>',
  '<p>Unser Team erreichen Sie montags bis freitags von 8 bis 18 Uhr telefonisch und per E-Mail. Wir antworten in ',
  'der Regel innerhalb eines Werktags.</p>',
  '<h2>Bitte beachten Sie</h2>',
  list([
    'Senden Sie uns keine Befunde, Rezepte oder andere Gesundheitsdaten per E-Mail. Laden Sie sie stattdessen ' +
      'angemeldet in Ihrem Profil hoch – dort werden sie verschlüsselt gespeichert.',
    'Fragen zu Ihrer Behandlung stellen Sie am besten Ihrer Therapeutin oder Ihrem Therapeuten in der nächsten Sitzung.',
    '<strong>In einem Notfall wählen Sie 112.</strong> Den ärztlichen Bereitschaftsdienst erreichen Sie unter 116 117.',
  ]),
);

export const UEBER_UNS = html(
  '<p>Wir verbinden Patientinnen und Patienten mit Physiotherapeutinnen und Physiotherapeuten per Video – ergänzt um ',
  'Trainingspläne und Übungsvideos für zu Hause. So findet Therapie dort statt, wo der Alltag ist, ohne Anfahrt und ',
  'Wartezimmer.</p>',
  '<h2>Unser Angebot</h2>',
  list([
    'Einzel- und Gruppentermine per Video, Telefontermine, Anamnese- und Befundtermine,',
    'persönliche Trainingspläne mit Übungsvideos und Erledigt-Häkchen,',
    'Fragebögen zur Verlaufskontrolle,',
    'Angebote für Unternehmen im betrieblichen Gesundheitsmanagement.',
  ]),
  '<h2>Unser Team</h2>',
  '<p>Unsere Therapeutinnen und Therapeuten sind staatlich anerkannt und haben Erfahrung in Orthopädie, Neurologie ',
  'und Geriatrie. Ihre Profile finden Sie im Therapeutenverzeichnis.</p>',
  '<h2>Sicherheit und Datenschutz</h2>',
  '<p>Videositzungen werden Ende-zu-Ende verschlüsselt und nicht aufgezeichnet; Gesundheitsdaten werden verschlüsselt ',
  'auf Servern in Deutschland gespeichert (Muster-Angabe: bitte Ihren Standort eintragen).</p>',
);

export const EINVERSTAENDNIS_VIDEOTHERAPIE = html(
  '<p>Bevor Sie an einer Videotherapie teilnehmen, bitten wir Sie um Ihr Einverständnis. Bitte lesen Sie diese ',
  'Hinweise sorgfältig.</p>',
  '<h2>Was Videotherapie ist</h2>',
  '<p>Ihre Therapeutin oder Ihr Therapeut behandelt Sie per Video: Sie besprechen Ihre Beschwerden, führen unter ',
  'Anleitung Übungen aus und erhalten einen Trainingsplan. Eine körperliche Untersuchung und manuelle Techniken sind ',
  'dabei nicht möglich. Hält Ihre Therapeutin oder Ihr Therapeut eine Behandlung vor Ort für nötig, sagt sie oder ',
  'er es Ihnen.</p>',
  '<h2>Übertragung und Datenschutz</h2>',
  list([
    'Bild und Ton werden Ende-zu-Ende verschlüsselt übertragen und <strong>nicht aufgezeichnet</strong> – weder von ' +
      'uns noch von Ihrer Therapeutin oder Ihrem Therapeuten.',
    'Gespeichert werden nur Beginn, Ende und Teilnahme der Sitzung sowie die Behandlungsdokumentation, zu der Ihre ' +
      'Therapeutin oder Ihr Therapeut gesetzlich verpflichtet ist.',
    'In Gruppenterminen sehen und hören Sie die anderen Teilnehmenden und diese Sie, wenn die Therapeutin oder der ' +
      'Therapeut die Gruppe so eingerichtet hat; sonst sieht nur die Therapeutin oder der Therapeut alle.',
    'Rechtsgrundlage ist Ihre ausdrückliche Einwilligung nach Art. 9 Abs. 2 lit. a DSGVO; Einzelheiten in der ' +
      'Datenschutzerklärung.',
  ]),
  '<h2>Was wir von Ihnen erbitten</h2>',
  list([
    'Nehmen Sie an einem ruhigen Ort teil, an dem Sie niemand ungewollt mithört.',
    'Zeichnen Sie die Sitzung nicht auf und fertigen Sie keine Bildschirmfotos anderer Teilnehmender an.',
    'Sorgen Sie für genug Platz, rutschfesten Boden und einen stabilen Stuhl in Reichweite (siehe „Sturzprävention“).',
    'Brechen Sie eine Übung ab, wenn Schmerzen, Schwindel oder Atemnot auftreten, und sagen Sie es sofort.',
  ]),
  '<h2>Grenzen der Videotherapie</h2>',
  '<p>Bricht die Verbindung ab, setzen Sie Übungen nicht allein fort. Die Videotherapie ersetzt keine Notfallversorgung: ',
  '<strong>im Notfall 112</strong>.</p>',
  '<h2>Freiwilligkeit und Widerruf</h2>',
  '<p>Ihr Einverständnis ist freiwillig. Sie können es jederzeit mit Wirkung für die Zukunft widerrufen, per E-Mail ',
  'an kontakt@example.de. Ohne Einverständnis können Sie keine Termine über die Plattform buchen oder ',
  'wahrnehmen.</p>',
);

export const NUTZUNGSBESTIMMUNGEN = html(
  '<h2>1. Ihr Zugang</h2>',
  list([
    'Ihre Zugangsdaten sind persönlich und dürfen nicht weitergegeben werden. Ein Konto gehört genau einer Person.',
    'Wählen Sie ein sicheres Passwort und richten Sie, wo möglich, die Zwei-Faktor-Anmeldung ein.',
    'Bemerken Sie einen Missbrauch Ihres Kontos, ändern Sie Ihr Passwort und informieren Sie uns sofort.',
  ]),
  '<h2>2. Verhalten in Sitzungen</h2>',
  list([
    'Begegnen Sie Therapeutinnen, Therapeuten und anderen Teilnehmenden respektvoll.',
    'Aufnahmen von Bild oder Ton sowie Bildschirmfotos anderer Personen sind nicht gestattet.',
    'Namen und Gesundheitsangaben anderer Teilnehmender eines Gruppentermins sind vertraulich zu behandeln.',
    'Die Therapeutin oder der Therapeut kann Teilnehmende stummschalten oder aus einer Sitzung entfernen, wenn der ' +
      'Ablauf gestört wird.',
  ]),
  '<h2>3. Inhalte der Plattform</h2>',
  '<p>Übungsvideos, Trainingspläne und Texte sind urheberrechtlich geschützt. Sie dürfen sie für Ihr eigenes Training ',
  'nutzen, aber nicht kopieren, veröffentlichen oder weitergeben. Führen Sie Übungen nur so aus, wie sie Ihnen ',
  'empfohlen wurden.</p>',
  '<h2>4. Untersagte Nutzung</h2>',
  '<p>Untersagt sind insbesondere das Umgehen von Sicherheitsmaßnahmen, automatisierte Abrufe, das Hochladen ',
  'schädlicher oder fremder Dateien und jede Nutzung, die gegen Gesetze oder Rechte Dritter verstößt.</p>',
  '<h2>5. Verfügbarkeit</h2>',
  '<p>Wir bemühen uns um eine möglichst ständige Verfügbarkeit. Wartungsarbeiten kündigen wir rechtzeitig an. Fällt ',
  'ein Termin wegen einer Störung auf unserer Seite aus, erhalten Sie Ihr Guthaben zurück.</p>',
  '<h2>6. Sperrung</h2>',
  '<p>Bei einem schwerwiegenden Verstoß gegen diese Bestimmungen kann der Betreiber ein Konto vorübergehend oder ',
  'dauerhaft sperren. Ihre gesetzlichen Rechte, insbesondere auf Auskunft und Herausgabe Ihrer Daten, bleiben ',
  'unberührt.</p>',
  '<h2>7. Änderungen</h2>',
  '<p>Ändern sich diese Bestimmungen, bitten wir Sie bei der nächsten Anmeldung um Ihre Zustimmung zur neuen Fassung.</p>',
);

export const STURZ = html(
  '<p>Stürze sind im Alter und nach Verletzungen oder Operationen eine der häufigsten Ursachen für Verletzungen. ',
  'Viele lassen sich vermeiden. Diese Hinweise helfen Ihnen, sicher zu Hause zu trainieren und zu leben.</p>',
  '<h2>Sicher trainieren</h2>',
  list([
    'Trainieren Sie auf rutschfestem Boden, mit festem Schuhwerk oder barfuß – nicht in Socken oder Pantoffeln.',
    'Halten Sie einen stabilen Stuhl, eine Arbeitsplatte oder eine Wand in Reichweite, an der Sie sich festhalten ' +
      'können.',
    'Räumen Sie genug Platz frei und stellen Sie Kamera und Bildschirm so auf, dass Sie sich nicht danach umdrehen ' +
      'müssen.',
    'Beenden Sie die Übung sofort bei Schwindel, Schmerzen in der Brust, Atemnot oder Unsicherheit, und setzen Sie ' +
      'sich hin.',
    'Trinken Sie ausreichend und trainieren Sie nicht direkt nach einer großen Mahlzeit.',
  ]),
  '<h2>Stolperfallen in der Wohnung</h2>',
  list([
    'Lose Teppiche, Kabel und Gegenstände auf dem Boden entfernen oder sichern.',
    'Für gute Beleuchtung sorgen, nachts ein Nachtlicht auf dem Weg zur Toilette.',
    'Haltegriffe im Bad, rutschfeste Matten in Dusche und Wanne.',
    'Häufig genutzte Dinge in Griffhöhe aufbewahren, statt auf Hocker oder Leitern zu steigen.',
    'Handläufe an Treppen auf beiden Seiten.',
  ]),
  '<h2>Was das Sturzrisiko erhöht</h2>',
  '<p>Schwindel, nachlassende Sehkraft, manche Medikamente (z. B. Schlaf- und Beruhigungsmittel, blutdrucksenkende ',
  'Mittel), Muskelschwäche und Gleichgewichtsstörungen. Sprechen Sie mit Ihrer Ärztin oder Ihrem Arzt, wenn Sie ',
  'unsicher auf den Beinen sind. Regelmäßiges Kraft- und Gleichgewichtstraining senkt das Risiko nachweislich – ',
  'Ihr Trainingsplan ist darauf abgestimmt.</p>',
  '<h2>Wenn Sie gestürzt sind</h2>',
  list([
    'Bleiben Sie zunächst ruhig liegen und prüfen Sie, ob Sie Schmerzen haben.',
    'Können Sie nicht aufstehen oder haben Sie starke Schmerzen, rufen Sie Hilfe: <strong>Notruf 112</strong>.',
    'Aufstehen: auf die Seite rollen, in den Vierfüßlerstand kommen, zu einem stabilen Stuhl krabbeln und sich mit ' +
      'beiden Händen daran hochdrücken.',
    'Erzählen Sie Ihrer Therapeutin oder Ihrem Therapeuten von jedem Sturz, auch wenn nichts passiert ist.',
    'Leben Sie allein, kann ein Hausnotrufsystem sinnvoll sein; die Pflegekasse übernimmt die Kosten unter ' +
      'Umständen.',
  ]),
);
