import { formatDateTimeUhr } from '@dihs/contract/common/time';
import { TERMIN_MESSAGES, TERMINTYP_LABELS } from '@dihs/contract/termin';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { pdfSafeText, renderPdf } from '../../lib/pdf.ts';
import { PLATFORM } from '../mail/index.ts';
import { activeSeat, findTermin, visibleForPatient } from './termin.repository.ts';
import { findPersonInfo, fullName } from '../profil/index.ts';

function kopf(doc: PDFKit.PDFDocument, titel: string, patient: string, now: Date) {
  doc.fontSize(10).fillColor('#042f4c').text(PLATFORM);
  doc.moveDown(0.5).fontSize(18).font('Helvetica-Bold').fillColor('black').text(pdfSafeText(titel));
  doc.moveDown(0.5).fontSize(11).font('Helvetica');
  doc.text(pdfSafeText(`Patientin/Patient: ${patient}`));
  doc.text(`Erstellt am: ${formatDateTimeUhr(now)}`);
  doc.moveDown();
}

function zeile(doc: PDFKit.PDFDocument, label: string, value: string) {
  doc.font('Helvetica-Bold').text(pdfSafeText(`${label}: `), { continued: true });
  doc.font('Helvetica').text(pdfSafeText(value));
}

async function patientName(db: Database, patientUserId: number): Promise<string> {
  const patient = await findPersonInfo(db, patientUserId);
  return (patient ? fullName(patient) : '') || 'unbekannt';
}

/** The appointment and the patient's own seat; 404 for an unknown appointment or one the patient does not hold. */
async function ownSeat(db: Database, patientUserId: number, terminId: number) {
  const row = await findTermin(db, terminId);
  const seat = row ? await activeSeat(db, terminId, patientUserId) : undefined;
  if (!row || !seat) throw HttpError.notFound(TERMIN_MESSAGES.keineBuchung);
  return { row, seat };
}

function terminZeilen(doc: PDFKit.PDFDocument, row: NonNullable<Awaited<ReturnType<typeof findTermin>>>) {
  const t = row.termin;
  zeile(doc, 'Termin', t.befund);
  zeile(doc, 'Terminart', TERMINTYP_LABELS[t.termintyp]);
  zeile(doc, 'Beginn', formatDateTimeUhr(t.datum));
  zeile(doc, 'Dauer', `${t.dauer} Minuten`);
  zeile(doc, 'Therapeutin/Therapeut', `${row.vorname ?? ''} ${row.nachname ?? ''}`.trim());
}

/** GET /pdf/teilnahmebestaetigung/{id}: only after the end and only when the attendance was confirmed. */
export async function teilnahmebestaetigungPdf(db: Database, patientUserId: number, terminId: number, now: Date) {
  const { row, seat } = await ownSeat(db, patientUserId, terminId);
  const ende = row.termin.datum.getTime() + row.termin.dauer * 60_000;
  if (now.getTime() < ende) throw HttpError.badRequest(TERMIN_MESSAGES.nichtStattgefunden);
  if (!seat.teilgenommen) throw HttpError.badRequest(TERMIN_MESSAGES.teilnahmeNichtBestaetigt);
  const name = await patientName(db, patientUserId);
  return renderPdf('Teilnahmebestätigung', (doc) => {
    kopf(doc, 'Teilnahmebestätigung', name, now);
    doc.text(pdfSafeText(`Hiermit bestätigen wir, dass ${name} an folgendem Termin teilgenommen hat:`));
    doc.moveDown();
    terminZeilen(doc, row);
  });
}

/** GET /pdf/terminbuchungsbestaetigung/{id}: the own booking (paid seat). */
export async function terminbuchungsbestaetigungPdf(db: Database, patientUserId: number, terminId: number, now: Date) {
  const { row, seat } = await ownSeat(db, patientUserId, terminId);
  if (seat.status !== 'GEBUCHT') throw HttpError.badRequest('Die Buchung ist noch nicht bezahlt.');
  const name = await patientName(db, patientUserId);
  return renderPdf('Terminbuchungsbestätigung', (doc) => {
    kopf(doc, 'Terminbuchungsbestätigung', name, now);
    doc.text('Hiermit bestätigen wir Ihre Buchung des folgenden Termins:');
    doc.moveDown();
    terminZeilen(doc, row);
    zeile(doc, 'Gebucht am', formatDateTimeUhr(seat.bookedAt));
    zeile(doc, 'Zahlungsart', ZAHLUNGSART_TEXT[seat.zahlungsart]);
    doc.moveDown();
    doc.text('Stornierungen sind bis 24 Stunden vor Terminbeginn möglich.');
  });
}

const ZAHLUNGSART_TEXT = {
  FIRMA: 'Kostenfreier Termin Ihres Arbeitgebers',
  REZEPT: 'Rezeptguthaben',
  ABO: 'Aboguthaben',
  GUTHABEN: 'Bezahltes Guthaben',
  KARTE: 'Kartenzahlung',
} as const;

/** POST /pdf/terminliste: the given appointments that the patient may see, in start order; unknown ids are left out. */
export async function terminlistePdf(db: Database, patientUserId: number, ids: number[], now: Date) {
  const patient = await findPersonInfo(db, patientUserId);
  if (!patient) throw HttpError.notFound('Unbekannter Patient.');
  const rows = await visibleForPatient(db, patientUserId, patient.firmaId, [...new Set(ids)]);
  if (rows.length === 0) throw HttpError.notFound(TERMIN_MESSAGES.unbekannt);
  const name = fullName(patient) || 'unbekannt';
  return renderPdf('Terminliste', (doc) => {
    kopf(doc, 'Terminliste', name, now);
    for (const r of rows) {
      const t = r.termin;
      const status = r.seat?.teilgenommen
        ? 'teilgenommen'
        : t.datum > now
          ? r.seat?.status === 'GEBUCHT'
            ? 'gebucht'
            : 'nicht gebucht'
          : 'nicht teilgenommen';
      doc.font('Helvetica-Bold').text(pdfSafeText(`${formatDateTimeUhr(t.datum)} – ${t.befund}`));
      doc
        .font('Helvetica')
        .text(
          pdfSafeText(
            `${TERMINTYP_LABELS[t.termintyp]}, ${t.dauer} Minuten, ${`${r.vorname ?? ''} ${r.nachname ?? ''}`.trim()}, ${t.status === 'ABGESAGT' ? 'abgesagt' : status}`,
          ),
        );
      doc.moveDown(0.5);
    }
  });
}
