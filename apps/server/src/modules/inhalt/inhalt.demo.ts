import { roleCode } from '@dihs/contract/common/roles';
import type { Transaction } from '../../db/client.ts';
import {
  AGB,
  DATENSCHUTZ,
  EINVERSTAENDNIS_VIDEOTHERAPIE,
  FAQ,
  IMPRESSUM,
  KONTAKT,
  NUTZUNGSBESTIMMUNGEN,
  STURZ,
  TEMPLATE_NOTE,
  UEBER_UNS,
} from './inhalt.demo-vorlagen.ts';
import { insertPages } from './inhalt.repository.ts';

const SAMPLE_NOTE =
  '<p><em>Beispieltext der Demo-Installation: Diese Seite enthält Mustertext und muss vor dem Betrieb durch den verbindlichen Text ersetzt werden.</em></p>';

/** The legal and help pages: templates for such a platform (inhalt.demo-vorlagen.ts), marked as such at the top. */
const TEMPLATE_PAGES: Record<string, { titel: string; inhalt: string }> = {
  agb: { titel: 'Allgemeine Geschäftsbedingungen', inhalt: AGB },
  faq: { titel: 'Häufige Fragen', inhalt: FAQ },
  impressum: { titel: 'Impressum', inhalt: IMPRESSUM },
  datenschutz: { titel: 'Datenschutzerklärung', inhalt: DATENSCHUTZ },
  kontakt: { titel: 'Kontakt', inhalt: KONTAKT },
  // the keys of the consent and terms pages are fixed: the einwilligung module versions these two pages
  einverstaendnis_videotherapie: { titel: 'Einverständnis zur Videotherapie', inhalt: EINVERSTAENDNIS_VIDEOTHERAPIE },
  nutzungsbestimmungen: { titel: 'Nutzungsbestimmungen', inhalt: NUTZUNGSBESTIMMUNGEN },
  sturz: { titel: 'Sturzprävention', inhalt: STURZ },
};

/** Static pages with sample content that is not a template (news). */
const SAMPLE_PAGES: Record<string, { titel: string; inhalt: string }> = {
  neuigkeiten: {
    titel: 'Neuigkeiten',
    inhalt:
      '<h2>Neue Übungsvideos</h2><p>Unsere Übungsbibliothek wurde um Übungen für Schulter und Nacken erweitert.</p>' +
      SAMPLE_NOTE,
  },
};

/** Static pages (templates and samples), plus content pages that show each kind of access rule. */
export async function seedDemoPages(tx: Transaction, firmaId: number): Promise<Record<string, number>> {
  const rows = await insertPages(tx, [
    ...Object.entries(TEMPLATE_PAGES).map(([url, page]) => ({
      url,
      titel: page.titel,
      inhalt: TEMPLATE_NOTE + page.inhalt,
      statisch: true,
    })),
    ...Object.entries(SAMPLE_PAGES).map(([url, page]) => ({ url, ...page, statisch: true })),
    { url: 'ueber-uns', titel: 'Über die Plattform', inhalt: TEMPLATE_NOTE + UEBER_UNS },
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
  ]);
  return Object.fromEntries(rows.map((r) => [r.url, r.id]));
}
