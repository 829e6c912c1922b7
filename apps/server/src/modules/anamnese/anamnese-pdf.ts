import { ANAMNESE_LABELS, anamneseAbschnitte, type Anamnese } from '@dihs/contract/anamnese';
import {
  KOERPER_BREITE,
  KOERPER_FORMEN,
  KOERPER_HOEHE,
  KOERPER_SEITE_LABELS,
  KOERPER_SEITEN,
  punktName,
} from '@dihs/contract/anamnese-koerper';
import { formatDateTimeUhr, formatDayDe } from '@dihs/contract/common/time';
import { renderPdf } from '../../lib/pdf.ts';
import { fieldSection, fields, heading } from '../../lib/pdf-layout.ts';
import type { PdfPatient } from '../fragebogen/index.ts';

type Doc = PDFKit.PDFDocument;

const BILD_BREITE = 150;
const BILD_HOEHE = KOERPER_HOEHE * (BILD_BREITE / KOERPER_BREITE);
/** The side labels above the bodies and the space below them. */
const BILD_RAND = 28;

/** The body image with its pain points, the same drawing as the screen's (contract anamnese-koerper.ts). */
function koerperbild(doc: Doc, anamnese: Anamnese): void {
  const width = BILD_BREITE;
  const scale = width / KOERPER_BREITE;
  const height = BILD_HOEHE;
  const top = doc.y + 18;
  const left = doc.page.margins.left;
  KOERPER_SEITEN.forEach((seite, index) => {
    const x0 = left + index * (width + 40);
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor('black')
      .text(KOERPER_SEITE_LABELS[seite], x0, top - 14);
    for (const form of KOERPER_FORMEN) {
      const [x, y, w, h] = [x0 + form.x * scale, top + form.y * scale, form.w * scale, form.h * scale];
      if (form.kind === 'ellipse') doc.ellipse(x + w / 2, y + h / 2, w / 2, h / 2);
      else doc.roundedRect(x, y, w, h, (form.r ?? 0) * scale);
      doc.fillAndStroke('#e8eef3', '#5b6b78');
    }
    anamnese.woSchmerzen.forEach((punkt, nummer) => {
      if (punkt.seite !== seite) return;
      const [cx, cy] = [x0 + punkt.x * width, top + punkt.y * height];
      doc.circle(cx, cy, 5).fillAndStroke('#b22835', '#7a1b25');
      doc
        .fillColor('white')
        .fontSize(6)
        .text(String(nummer + 1), cx - 5, cy - 2.5, { width: 10, align: 'center' });
    });
  });
  doc.fillColor('black').fontSize(10.5);
  doc.x = left;
  doc.y = top + height + 10;
  if (anamnese.woSchmerzen.length === 0) doc.text('Keine Schmerzpunkte markiert.');
  fields(
    doc,
    anamnese.woSchmerzen.map((punkt, nummer) => [`Schmerzpunkt ${nummer + 1}`, punktName(punkt)]),
  );
}

/** GET /pdf/anamnesefragebogen/{id?}: every answer with its label, the body image and the signature state. */
export function anamnesePdf(anamnese: Anamnese, patient: PdfPatient, now: Date): Promise<Buffer> {
  const a = anamnese;
  return renderPdf(`Anamnesebogen ${patient.name}`, (doc) => {
    heading(doc, 'Anamnesebogen', 1, 0);
    fields(doc, [
      ['Patientin/Patient', patient.name || 'unbekannt'],
      ...(patient.geburtsdatum ? [['Geburtsdatum', formatDayDe(patient.geburtsdatum)] as const] : []),
      [
        'Status',
        a.unterschrieben && a.unterschriebenAm
          ? `unterschrieben am ${formatDateTimeUhr(a.unterschriebenAm)}`
          : 'nicht unterschrieben',
      ],
      ['Zuletzt geändert', formatDateTimeUhr(a.geaendert)],
      ['Erstellt am', formatDateTimeUhr(now)],
    ]);

    for (const { titel, zeilen } of anamneseAbschnitte(a)) fieldSection(doc, titel, zeilen);
    // the heading and the whole image belong together: both move to the next page when the image does not fit
    heading(doc, ANAMNESE_LABELS.woSchmerzen, 2, BILD_HOEHE + BILD_RAND);
    koerperbild(doc, a);
  });
}
