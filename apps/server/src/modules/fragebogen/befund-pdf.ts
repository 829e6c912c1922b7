import { alsSichtbarkeitsFrage, antwortText, sichtbareFragen, type PatientFragebogen } from '@dihs/contract/fragebogen';
import { formatDateTimeUhr, formatDayDe } from '@dihs/contract/common/time';
import { renderPdf } from '../../lib/pdf.ts';
import { bodyLines, fields, heading, paragraph, paragraphHeight } from '../../lib/pdf-layout.ts';

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
    heading(doc, bogen.titel, 1, 0);
    fields(doc, [
      ['Patientin/Patient', patient.name || 'unbekannt'],
      ...(patient.geburtsdatum ? [['Geburtsdatum', formatDayDe(patient.geburtsdatum)] as const] : []),
      ['Angelegt am', formatDateTimeUhr(bogen.erstellt)],
      [
        'Status',
        bogen.veroeffentlicht
          ? `abgegeben am ${formatDateTimeUhr(bogen.veroeffentlicht)}`
          : 'Entwurf (noch nicht abgegeben)',
      ],
      ['Erstellt am', formatDateTimeUhr(now)],
    ]);
    doc.moveDown();
    let nummer = 0;
    for (const { frage, antwort } of bogen.antworten) {
      if (!sichtbar.has(frage.id)) continue;
      nummer += 1;
      const text = antwortText(frage.typ, antwort);
      // a question keeps at least two lines of its answer with it (all of a short one)
      heading(doc, `${nummer}. ${frage.frage}`, 3, Math.min(paragraphHeight(doc, text), bodyLines(doc, 2)));
      paragraph(doc, text, { gapAfter: 0.4 });
    }
    if (nummer === 0) paragraph(doc, 'Der Fragebogen enthält keine Fragen.');
  });
}
