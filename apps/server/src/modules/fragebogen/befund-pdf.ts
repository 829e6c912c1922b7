import { alsSichtbarkeitsFrage, antwortText, sichtbareFragen, type PatientFragebogen } from '@dihs/contract/fragebogen';
import { formatDateTimeUhr, formatDayDe } from '@dihs/contract/common/time';
import { pdfSafeText, renderPdf } from '../../lib/pdf.ts';

export interface PdfPatient {
  name: string;
  geburtsdatum: string | null;
}

/**
 * GET /pdf/befund/{id}: every shown question with its answer and the state (submitted or draft). Questions the
 * answers hide are left out, as on the screen.
 */
export function befundPdf(bogen: PatientFragebogen, patient: PdfPatient, now: Date): Promise<Buffer> {
  const antworten = new Map(bogen.antworten.map((a) => [a.frage.id, a.antwort]));
  const sichtbar = sichtbareFragen(
    bogen.antworten.map((a) => alsSichtbarkeitsFrage(a.frage)),
    antworten,
  );
  return renderPdf(`${bogen.titel} ${patient.name}`, (doc) => {
    doc.fontSize(18).font('Helvetica-Bold').text(pdfSafeText(bogen.titel));
    doc.moveDown(0.5).fontSize(11).font('Helvetica');
    doc.text(pdfSafeText(`Patientin/Patient: ${patient.name || 'unbekannt'}`));
    if (patient.geburtsdatum) doc.text(`Geburtsdatum: ${formatDayDe(patient.geburtsdatum)}`);
    doc.text(`Angelegt am: ${formatDateTimeUhr(bogen.erstellt)}`);
    doc.text(
      bogen.veroeffentlicht
        ? `Status: abgegeben am ${formatDateTimeUhr(bogen.veroeffentlicht)}`
        : 'Status: Entwurf (noch nicht abgegeben)',
    );
    doc.text(`Erstellt am: ${formatDateTimeUhr(now)}`);
    doc.moveDown();
    let nummer = 0;
    for (const { frage, antwort } of bogen.antworten) {
      if (!sichtbar.has(frage.id)) continue;
      nummer += 1;
      doc.font('Helvetica-Bold').text(pdfSafeText(`${nummer}. ${frage.frage}`));
      doc
        .font('Helvetica')
        .text(pdfSafeText(antwortText(frage.typ, antwort)))
        .moveDown(0.6);
    }
    if (nummer === 0) doc.text('Der Fragebogen enthält keine Fragen.');
  });
}
