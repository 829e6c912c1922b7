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
import { pdfSafeText, renderPdf } from '../../lib/pdf.ts';
import type { PdfPatient } from '../fragebogen/index.ts';

type Doc = PDFKit.PDFDocument;

function section(doc: Doc, title: string, rows: readonly [string, string][]): void {
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(13).text(pdfSafeText(title));
  doc.fontSize(10.5);
  for (const [label, value] of rows) {
    doc.font('Helvetica-Bold').text(pdfSafeText(`${label}: `), { continued: true });
    doc.font('Helvetica').text(pdfSafeText(value));
  }
}

/** The body image with its pain points, the same drawing as the screen's (contract anamnese-koerper.ts). */
function koerperbild(doc: Doc, anamnese: Anamnese): void {
  const width = 150;
  const scale = width / KOERPER_BREITE;
  const height = KOERPER_HOEHE * scale;
  if (doc.y + height + 40 > doc.page.height - doc.page.margins.bottom) doc.addPage();
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
  anamnese.woSchmerzen.forEach((punkt, nummer) =>
    doc.text(pdfSafeText(`Schmerzpunkt ${nummer + 1}: ${punktName(punkt)}`)),
  );
}

/** GET /pdf/anamnesefragebogen/{id?}: every answer with its label, the body image and the signature state. */
export function anamnesePdf(anamnese: Anamnese, patient: PdfPatient, now: Date): Promise<Buffer> {
  const a = anamnese;
  return renderPdf(`Anamnesebogen ${patient.name}`, (doc) => {
    doc.fontSize(18).font('Helvetica-Bold').text('Anamnesebogen');
    doc.moveDown(0.4).fontSize(11).font('Helvetica');
    doc.text(pdfSafeText(`Patientin/Patient: ${patient.name || 'unbekannt'}`));
    if (patient.geburtsdatum) doc.text(`Geburtsdatum: ${formatDayDe(patient.geburtsdatum)}`);
    doc.text(
      a.unterschrieben && a.unterschriebenAm
        ? `Status: unterschrieben am ${formatDateTimeUhr(a.unterschriebenAm)}`
        : 'Status: nicht unterschrieben',
    );
    doc.text(`Zuletzt geändert: ${formatDateTimeUhr(a.geaendert)}`);
    doc.text(`Erstellt am: ${formatDateTimeUhr(now)}`);

    for (const { titel, zeilen } of anamneseAbschnitte(a)) section(doc, titel, zeilen);
    doc.moveDown(0.6).font('Helvetica-Bold').fontSize(13).text(pdfSafeText(ANAMNESE_LABELS.woSchmerzen));
    koerperbild(doc, a);
  });
}
