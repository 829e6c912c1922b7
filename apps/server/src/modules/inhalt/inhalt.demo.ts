import { roleCode } from '@dihs/contract/common/roles';
import type { Transaction } from '../../db/client.ts';
import { pages } from './inhalt.table.ts';

const SAMPLE_NOTE =
  '<p><em>Beispieltext der Demo-Installation: Diese Seite enthält Mustertext und muss vor dem Betrieb durch den verbindlichen Text ersetzt werden.</em></p>';

const STATIC_PAGES: Record<string, { titel: string; inhalt: string }> = {
  agb: {
    titel: 'Allgemeine Geschäftsbedingungen',
    inhalt:
      '<h2>§ 1 Geltungsbereich</h2><p>Diese Bedingungen gelten für die Nutzung der Plattform für Online-Therapie und Tele-Rehabilitation.</p><h2>§ 2 Leistungen</h2><p>Die Plattform vermittelt Videotherapie-Termine, Trainingspläne und Übungsvideos.</p><h2>§ 3 Zahlung</h2><p>Guthaben und Abos werden über eine externe Bezahlseite bezahlt.</p>',
  },
  faq: {
    titel: 'Häufige Fragen',
    inhalt:
      '<h2>Was brauche ich für eine Videotherapie?</h2><p>Einen aktuellen Browser, eine Kamera, ein Mikrofon und eine stabile Internetverbindung. Mit dem Verbindungstest prüfen Sie alles vorab.</p><h2>Wie buche ich einen Termin?</h2><p>Nach der Anmeldung wählen Sie im Terminplan einen freien Termin und bezahlen mit Guthaben, Abo, Rezept oder Karte.</p>',
  },
  impressum: {
    titel: 'Impressum',
    inhalt:
      '<p>Angaben gemäß § 5 DDG:</p><p>Muster-Betreiber GmbH<br>Musterstraße 1<br>12345 Musterstadt</p><p>E-Mail: kontakt@example.de</p>',
  },
  datenschutz: {
    titel: 'Datenschutzerklärung',
    inhalt:
      '<h2>Welche Daten wir speichern</h2><p>Wir speichern nur die Daten, die für Termine, Therapie und Abrechnung nötig sind. Gesundheitsdaten werden verschlüsselt gespeichert.</p><h2>Cookies und lokaler Speicher</h2><p>Wir verwenden keine Tracking-Cookies. Im Browser speichern wir nur Ihren Anmeldeschlüssel (verschlüsselt) und ob Sie den Cookie-Hinweis gelesen haben.</p>',
  },
  kontakt: {
    titel: 'Kontakt',
    inhalt: '<p>Sie erreichen unser Team montags bis freitags von 8 bis 18 Uhr unter kontakt@example.de.</p>',
  },
  neuigkeiten: {
    titel: 'Neuigkeiten',
    inhalt:
      '<h2>Neue Übungsvideos</h2><p>Unsere Übungsbibliothek wurde um Übungen für Schulter und Nacken erweitert.</p>',
  },
  einverstaendnis_videotherapie: {
    titel: 'Einverständnis zur Videotherapie',
    inhalt:
      '<p>Mit der Teilnahme an einer Videotherapie erklären Sie sich einverstanden, dass Bild und Ton zwischen Ihnen und Ihrer Therapeutin oder Ihrem Therapeuten verschlüsselt übertragen werden. Es findet keine Aufzeichnung statt.</p>',
  },
  nutzungsbestimmungen: {
    titel: 'Nutzungsbestimmungen',
    inhalt: '<p>Die Zugangsdaten sind persönlich und dürfen nicht weitergegeben werden.</p>',
  },
  sturz: {
    titel: 'Sturzprävention',
    inhalt:
      '<h2>Sicher zu Hause trainieren</h2><ul><li>Stolperfallen wie lose Teppiche entfernen.</li><li>Einen stabilen Stuhl in Reichweite haben.</li><li>Bei Schwindel die Übung sofort beenden.</li></ul>',
  },
};

/** Static pages with sample text, plus content pages that show each kind of access rule. */
export async function seedDemoPages(tx: Transaction, firmaId: number): Promise<Record<string, number>> {
  const rows = await tx
    .insert(pages)
    .values([
      ...Object.entries(STATIC_PAGES).map(([url, page]) => ({
        url,
        titel: page.titel,
        inhalt: page.inhalt + SAMPLE_NOTE,
        statisch: true,
      })),
      {
        url: 'ueber-uns',
        titel: 'Über die Plattform',
        inhalt:
          '<p>Wir verbinden Patientinnen und Patienten mit Physiotherapeutinnen und Physiotherapeuten per Video – ergänzt um Trainingspläne für zu Hause.</p>' +
          SAMPLE_NOTE,
      },
      {
        url: 'therapeuten-hinweise',
        titel: 'Hinweise für Therapeuten',
        inhalt: '<p>Bitte starten Sie Ihre Sitzungen pünktlich und dokumentieren Sie jede Sitzung.</p>' + SAMPLE_NOTE,
        oeffentlich: false,
        berechtigteRollen: [roleCode('THERAPEUT'), roleCode('BETREIBER')],
      },
      {
        url: 'firmenangebot',
        titel: 'Angebot Ihrer Firma',
        inhalt: '<p>Ihr Arbeitgeber übernimmt die Kosten für Ihre Therapietermine.</p>' + SAMPLE_NOTE,
        oeffentlich: false,
        firmaId,
      },
      {
        url: 'entwurf',
        titel: 'Entwurf: Sommeraktion',
        inhalt: '<p>Diese Seite ist noch nicht freigegeben.</p>' + SAMPLE_NOTE,
        aktiv: false,
      },
    ])
    .returning({ id: pages.id, url: pages.url });
  return Object.fromEntries(rows.map((r) => [r.url, r.id]));
}
