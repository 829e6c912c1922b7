import { LEERE_ANAMNESE, type Anamnese } from '@dihs/contract/anamnese';
import type { PatientFragebogen } from '@dihs/contract/fragebogen';
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../lib/pdf.ts';
import {
  renderAboBestaetigung,
  renderAboKuendigungsBestaetigung,
  type AboPdfDaten,
} from '../modules/abo/abo-pdf.service.ts';
import { anamnesePdf } from '../modules/anamnese/anamnese-pdf.ts';
import { befundPdf } from '../modules/fragebogen/befund-pdf.ts';
import { renderGuthabenBestaetigung } from '../modules/guthaben/guthaben-pdf.ts';
import { renderDokumentation } from '../modules/profil/dokumentation-pdf.ts';
import {
  renderTeilnahmebestaetigung,
  renderTerminbuchungsbestaetigung,
  renderTerminliste,
  type TerminPdfZeile,
} from '../modules/termin/termin-pdf.service.ts';
import { layoutProblems, readPdf } from './pdf-layout-check.ts';

/**
 * Every PDF the server renders (issue 32 item 10), with long, realistic data, read back: the expected page count,
 * nothing beyond the margins or over other text, no heading alone at a page's bottom, no doubled punctuation.
 * The documents that flow over pages are rendered with growing text in front, so that each heading passes every
 * height of the page once.
 */
const MARGIN = 56;
const NOW = new Date('2026-11-27T09:30:00Z');
const PATIENT = { name: 'Maximiliane Theodora von Wittelsbach-Lüdenscheidt', geburtsdatum: '1961-02-28' };
const SATZ =
  'Seit dem Sturz beim Skifahren im Februar bestehen belastungsabhängige Beschwerden im rechten Knie, die nach längerem Sitzen zunehmen. ';
const text = (saetze: number) => SATZ.repeat(saetze).trim();
/** `zeilen` short lines in front of the rest: moves everything below down by one line each. */
const nachtrag = (zeilen: number) =>
  Array.from({ length: zeilen }, (_, n) => `\nNachtrag ${n + 1}: Übungen wie besprochen fortgeführt.`).join('');
/** Every second line over a page's height: each heading meets the page's end at least once. */
const UEBER_EINE_SEITE = Array.from({ length: 30 }, (_, n) => 2 * n);

async function problems(pdf: Buffer) {
  const pages = await readPdf(pdf);
  return { pages: pages.length, problems: layoutProblems(pages, MARGIN) };
}

function anamnese(vorlauf: number): Anamnese {
  return {
    ...LEERE_ANAMNESE,
    patientId: 1,
    unterschrieben: true,
    unterschriebenAm: '2026-11-20T08:15:00Z',
    geaendert: '2026-11-20T08:15:00Z',
    groesse: 172,
    gewicht: 68,
    beruf: 'Fachkraft für Lagerlogistik im Schichtdienst',
    hobbys: `Wandern, Chorgesang, Gartenarbeit.${nachtrag(vorlauf)}`,
    computerzeit: 9.5,
    sportart1: 'Skilanglauf',
    sportart1antwort: 2,
    sportart2: 'Schwimmen',
    sportart2antwort: 1,
    baName: 'Berufsgenossenschaft Handel und Warenlogistik, Bezirksverwaltung Mannheim',
    baStrasse: 'Theodor-Heuss-Anlage 12',
    baStadt: '68165 Mannheim',
    baTelefon: '+49 621 18 30 00 00',
    diagnose: text(3),
    opDatum: '2026-03-04',
    erkrankungen: text(2),
    medikamente: 'Ramipril 5 mg morgens, Pantoprazol 20 mg bei Bedarf, Vitamin D 1000 I.E. täglich',
    schmerzmedikamente: 'Ibuprofen 400 mg bei Bedarf, höchstens dreimal täglich',
    allergien: 'Penicillin (Hautausschlag), Nickel',
    chronisch: text(1),
    therapien: text(4),
    alltag: text(2),
    berufsprobleme: text(2),
    psychischBeeintraechtigt: 4,
    schmerzen: 0,
    seitWannSchmerzen: 2,
    woSchmerzen: Array.from({ length: 12 }, (_, n) => ({
      seite: n % 2 ? ('HINTEN' as const) : ('VORNE' as const),
      x: 0.3 + (n % 3) * 0.2,
      y: 0.1 + n * 0.07,
    })),
    schmerzVerstaerkt: text(2),
    schmerzArt1: true,
    schmerzArt3: true,
    schmerzArt7: true,
    schmerzStaerkeRuhe: 3,
    schmerzStaerkeBelastung: 8,
    angabenDatum: '2026-11-20',
  };
}

function befund(vorlauf: number): PatientFragebogen {
  const fragen: [string, 'FREITEXT' | 'SKALA' | 'WAHRHEITSWERT', string | number | boolean][] = [
    ['Was möchten Sie mit der Therapie erreichen?', 'FREITEXT', `Wieder schmerzfrei joggen.${nachtrag(vorlauf)}`],
    ['Haben Sie aktuell Schmerzen?', 'WAHRHEITSWERT', true],
    ['Wie stark sind die Schmerzen heute?', 'SKALA', 6],
    [
      'Beschreiben Sie bitte möglichst genau, in welchen Situationen des Alltags, des Berufs und der Freizeit die Beschwerden auftreten, wie lange sie anhalten und was Ihnen bisher geholfen hat.',
      'FREITEXT',
      text(6),
    ],
    ['Wie gut können Sie sich im Alltag bewegen?', 'SKALA', 7],
    ['Schlafen Sie wegen der Beschwerden schlecht?', 'WAHRHEITSWERT', false],
    ['Welche Übungen haben Sie in der letzten Woche gemacht?', 'FREITEXT', text(3)],
    ['Was sollte Ihre Therapeutin oder Ihr Therapeut noch wissen?', 'FREITEXT', text(2)],
  ];
  return {
    id: 7,
    patientId: 1,
    titel: 'Befundfragebogen Knie und Hüfte nach Sportverletzung (Verlaufskontrolle)',
    erstellt: '2026-11-18T10:00:00Z',
    veroeffentlicht: '2026-11-19T17:45:00Z',
    antworten: [...fragen, ...fragen].map(([frage, typ, antwort], index) => ({
      antwort,
      frage: {
        id: index + 1,
        frage,
        typ,
        position: index,
        frageAbhaengigVonFrage: null,
        frageAnzeigenWennBedingung: null,
      },
    })),
  };
}

const dokumentation = (vorlauf: number) =>
  Array.from({ length: 9 }, (_, n) => ({
    id: n + 1,
    datum: new Date(Date.UTC(2026, 10, 20 - n, 8 + n)),
    beitrag: n === 0 ? `Erstbefund.${nachtrag(vorlauf)}` : text(1 + (n % 4) * 2),
    vonBetreiber: n % 3 === 0,
    autorVorname: 'Friederike',
    autorNachname: 'Zimmermann-Oberdörfer',
    autorEmail: 'friederike.zimmermann-oberdoerfer@praxis-am-schlossgarten.example',
  }));

const TERMIN: TerminPdfZeile = {
  termin: {
    befund: 'Rückenschule Aufbaukurs (Woche 3)',
    termintyp: 'GRUPPE',
    datum: new Date('2026-11-24T16:30:00Z'),
    dauer: 45,
    status: 'AKTIV',
  },
  vorname: 'Konstantin',
  nachname: 'Papadopoulos-Schwarzenberger',
};

const terminliste = (anzahl: number) =>
  Array.from({ length: anzahl }, (_, n) => ({
    ...TERMIN,
    termin: {
      ...TERMIN.termin,
      datum: new Date(NOW.getTime() + (n - 5) * 86_400_000),
      status: n === 7 ? ('ABGESAGT' as const) : ('AKTIV' as const),
    },
    seat: n % 4 === 0 ? null : { teilgenommen: n < 5 && n % 2 === 1, status: 'GEBUCHT' as const },
  }));

const GUTHABEN = {
  id: 48_213,
  titel: 'Intensivpaket Rücken und Schulter mit Anamnese und Befund',
  centPreis: 34_900,
  buchungsdatum: new Date('2026-11-02T11:12:00Z'),
  transactionId: 'SBX-4f9c1d2e-8a7b-4c3d-9e0f-112233445566',
  status: 'STORNIERT' as const,
  stornodatum: new Date('2026-11-03T09:00:00Z'),
  einzelTermine: 10,
  gruppenTermine: 8,
  telefonTermine: 4,
  anamnese: 1,
  befunde: 2,
};
const ADRESSE = {
  vorname: 'Maximiliane Theodora',
  nachname: 'von Wittelsbach-Lüdenscheidt',
  strasse: 'Obere Kirchstraße im Gewerbegebiet Nord-West',
  hausnummer: '112a',
  plz: '67433',
  ort: 'Neustadt an der Weinstraße',
};
const ABO_PATIENT = {
  name: PATIENT.name,
  email: 'maximiliane.von-wittelsbach-luedenscheidt@beispiel-versicherung.example',
};

const ABO = {
  title: 'Rücken und Schulter Premium mit Gruppentraining und Befundterminen (Jahresabo)',
  bezahlabo: true,
  buchungMonate: 3,
  einzelTermine: 12,
  gruppenTermine: 24,
  befundtermine: 4,
  trainingsplaene: 2,
  laufzeitMonate: 12,
  kuendigungsfristMonate: 3,
  kostenCent: 44_900,
  buchungsdatum: new Date('2026-03-05T10:00:00Z'),
  beginn: '2026-03-05',
  laufzeitEnde: '2027-03-04',
  letztmoeglicherKuendigungsTag: '2026-12-04',
  vertragsendeDatum: '2027-03-04',
  status: 'CANCELED',
  gekuendigtAm: new Date('2026-11-20T18:00:00Z'),
} satisfies AboPdfDaten;

/** Each of the nine documents with its page counts; the flowing ones once per amount of text in front. */
const DOCUMENTS: [name: string, seiten: number[], render: (vorlauf: number) => Promise<Buffer>, vorlauf: number[]][] = [
  ['Anamnesebogen', [3, 4, 5], (v) => anamnesePdf(anamnese(v), PATIENT, NOW), UEBER_EINE_SEITE],
  ['Befundfragebogen', [2, 3, 4], (v) => befundPdf(befund(v), PATIENT, NOW), UEBER_EINE_SEITE],
  ['Patientendokumentation', [2, 3], (v) => renderDokumentation(PATIENT, dokumentation(v), NOW), UEBER_EINE_SEITE],
  ['Terminliste', [1, 2, 3, 4], (v) => renderTerminliste(terminliste(v + 1), PATIENT.name, NOW), UEBER_EINE_SEITE],
  ['Teilnahmebestätigung', [1], () => renderTeilnahmebestaetigung(TERMIN, PATIENT.name, NOW), [0]],
  [
    'Terminbuchungsbestätigung',
    [1],
    () =>
      renderTerminbuchungsbestaetigung(
        TERMIN,
        { bookedAt: new Date('2026-11-01T12:00:00Z'), zahlungsart: 'FIRMA' },
        PATIENT.name,
        NOW,
      ),
    [0],
  ],
  ['Buchungsbestätigung Guthaben', [1], () => renderGuthabenBestaetigung(GUTHABEN, ADRESSE, NOW), [0]],
  [
    'Abobestätigung',
    [1],
    () => renderAboBestaetigung({ ...ABO, status: 'AKTIV', vertragsendeDatum: null }, ABO_PATIENT, NOW),
    [0],
  ],
  ['Abokündigungsbestätigung', [1], () => renderAboKuendigungsBestaetigung(ABO, ABO_PATIENT, NOW), [0]],
];

describe('the server PDFs look finished', () => {
  it.each(DOCUMENTS)(
    '%s: page count, margins, no overlap, no lone heading',
    async (_, seiten, render, vorlauf) => {
      const counts = new Set<number>();
      for (const v of vorlauf) {
        const result = await problems(await render(v));
        expect(result.problems, `mit ${v} Zeilen mehr`).toEqual([]);
        counts.add(result.pages);
      }
      expect([...counts].sort()).toEqual(seiten);
    },
    60_000,
  );

  it('the check finds a planted bad layout', async () => {
    const schlecht = await renderPdf('Schlecht', (doc) => {
      doc.font('Helvetica').fontSize(10.5).text('Haben Sie Schmerzen?: Ja');
      doc.text('Über den Rand hinaus', 480, 200, { lineBreak: false });
      doc.text('Überdeckt', 56, 300, { lineBreak: false }).text('Überdeckt', 60, 302, { lineBreak: false });
      doc.text('Status: teilgenommen', 300, 400, { width: 50 });
      doc.font('Helvetica-Bold').text('Wo haben Sie Schmerzen?', 56, doc.page.height - 56 - 13);
      doc.addPage().font('Helvetica').text('Knie rechts');
    });
    expect((await problems(schlecht)).problems).toEqual([
      'Seite 1: doppelte Satzzeichen: „Haben Sie Schmerzen?: Ja“',
      'Seite 1: Text außerhalb des Satzspiegels: „Über den Rand hinaus“',
      'Seite 1: Text überdeckt Text: „Überdeckt“ und „Überdeckt“',
      'Seite 1: Wort getrennt: „genomme“ / „n“',
      'Seite 1: Überschrift allein am Seitenende: „Wo haben Sie Schmerzen?“',
    ]);
  });
});
