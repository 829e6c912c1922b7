import { formatDateTimeUhr, formatDayDe } from '@dihs/contract/common/time';
import { renderPdf } from '../../lib/pdf.ts';
import { bodyLines, fields, heading, paragraph, paragraphHeight } from '../../lib/pdf-layout.ts';
import type { DocumentationRow } from './profil.repository.ts';

/** The documentation's pages (GET /pdf/patientendokumentation/{patientId}): each entry's author line kept with its text. */
export function renderDokumentation(
  patient: { name: string; geburtsdatum: string | null },
  rows: readonly DocumentationRow[],
  now: Date,
): Promise<Buffer> {
  return renderPdf(`Patientendokumentation ${patient.name}`, (doc) => {
    heading(doc, 'Patientendokumentation', 1, 0);
    fields(doc, [
      ['Patientin/Patient', patient.name || 'unbekannt'],
      ...(patient.geburtsdatum ? [['Geburtsdatum', formatDayDe(patient.geburtsdatum)] as const] : []),
      ['Erstellt am', formatDateTimeUhr(now)],
    ]);
    doc.moveDown();
    if (rows.length === 0) paragraph(doc, 'Es sind noch keine Einträge vorhanden.');
    for (const row of rows) {
      const author = `${row.autorVorname} ${row.autorNachname}`.trim() || 'unbekannt';
      const role = row.vonBetreiber ? 'Betreiber' : 'Therapeut';
      heading(
        doc,
        `${formatDateTimeUhr(row.datum)} – ${author} (${role}${row.autorEmail ? `, ${row.autorEmail}` : ''})`,
        3,
        Math.min(paragraphHeight(doc, row.beitrag), bodyLines(doc, 2)),
      );
      paragraph(doc, row.beitrag, { gapAfter: 0.6 });
    }
  });
}
