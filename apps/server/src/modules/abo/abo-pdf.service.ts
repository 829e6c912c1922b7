import { ABO_TEXTS, detailedStatusLabel } from '@dihs/contract/abo';
import { formatEuroCents, splitVat, VAT_PERCENT } from '@dihs/contract/common/money';
import { formatDateTimeUhr, formatDayDe } from '@dihs/contract/common/time';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { pdfSafeText, renderPdf } from '../../lib/pdf.ts';
import { PLATFORM } from '../mail/index.ts';
import { newestBegonnenesAbo, newestGekuendigtesAbo } from './abo.repository.ts';
import type { AboRow } from './abo.table.ts';
import { findPersonInfo, fullName } from '../profil/index.ts';

const monate = (n: number) => `${n} ${n === 1 ? 'Monat' : 'Monate'}`;

function kopf(doc: PDFKit.PDFDocument, titel: string, patient: { name: string; email: string }, now: Date) {
  doc.fontSize(10).fillColor('#042f4c').text(PLATFORM);
  doc.moveDown(0.5).fontSize(18).font('Helvetica-Bold').fillColor('black').text(titel);
  doc.moveDown(0.5).fontSize(11).font('Helvetica');
  doc.text(pdfSafeText(`Patientin/Patient: ${patient.name || 'unbekannt'} (${patient.email})`));
  doc.text(`Erstellt am: ${formatDateTimeUhr(now)}`);
  doc.moveDown();
}

function zeile(doc: PDFKit.PDFDocument, label: string, value: string) {
  doc.font('Helvetica-Bold').text(pdfSafeText(`${label}: `), { continued: true });
  doc.font('Helvetica').text(pdfSafeText(value));
}

function paketUndPreis(doc: PDFKit.PDFDocument, abo: AboRow) {
  zeile(doc, 'Abopaket', abo.title);
  zeile(doc, 'Art', abo.bezahlabo ? 'Bezahlabo' : 'Firmenabo');
  zeile(
    doc,
    `Leistungen je Buchungsintervall (${monate(abo.buchungMonate)})`,
    `${abo.einzelTermine} Einzeltermine, ${abo.gruppenTermine} Gruppentermine, ${abo.befundtermine} Befundtermine, ${abo.trainingsplaene} Trainingspläne`,
  );
  zeile(doc, 'Laufzeit', monate(abo.laufzeitMonate));
  zeile(doc, 'Kündigungsfrist', monate(abo.kuendigungsfristMonate));
  doc.moveDown();
  if (!abo.bezahlabo) {
    doc.text('Die Kosten dieses Abos trägt Ihr Arbeitgeber.');
    return;
  }
  const preis = splitVat(abo.kostenCent);
  doc.font('Helvetica-Bold').text(`Preis je Buchungsintervall (${monate(abo.buchungMonate)})`);
  doc.font('Helvetica');
  zeile(doc, 'Nettobetrag', formatEuroCents(preis.netCents));
  zeile(doc, `zzgl. ${VAT_PERCENT} % MwSt.`, formatEuroCents(preis.vatCents));
  zeile(doc, 'Gesamtbetrag (inkl. MwSt.)', formatEuroCents(abo.kostenCent));
}

async function patientOf(db: Database, patientId: number) {
  const patient = await findPersonInfo(db, patientId);
  if (!patient) throw HttpError.notFound(ABO_TEXTS.patientNichtGefunden);
  return { name: fullName(patient), email: patient.email };
}

/** GET /pdf/abobestaetigung: the confirmation of the own newest subscription that became active. */
export async function aboBestaetigungPdf(db: Database, patientId: number, now: Date): Promise<Buffer> {
  const abo = await newestBegonnenesAbo(db, patientId);
  if (!abo?.beginn) throw HttpError.notFound(ABO_TEXTS.keineBestaetigung);
  const patient = await patientOf(db, patientId);
  return renderPdf('Abobestätigung', (doc) => {
    kopf(doc, 'Abobestätigung', patient, now);
    doc.text(pdfSafeText(`Vielen Dank für Ihr Abo „${abo.title}“. Hiermit bestätigen wir Ihre Buchung.`));
    doc.moveDown();
    zeile(doc, 'Buchungsdatum', formatDateTimeUhr(abo.buchungsdatum));
    zeile(doc, 'Vertragsbeginn', formatDayDe(abo.beginn));
    if (abo.laufzeitEnde) zeile(doc, 'Aktuelle Laufzeit bis', formatDayDe(abo.laufzeitEnde));
    if (abo.letztmoeglicherKuendigungsTag) {
      zeile(doc, 'Letztmöglicher Kündigungstag', formatDayDe(abo.letztmoeglicherKuendigungsTag));
    }
    if (abo.vertragsendeDatum) zeile(doc, 'Vertragsende', formatDayDe(abo.vertragsendeDatum));
    zeile(doc, 'Status', detailedStatusLabel(abo.status));
    doc.moveDown();
    paketUndPreis(doc, abo);
    doc.moveDown();
    doc.text(`Ohne Kündigung verlängert sich das Abo jeweils um die Laufzeit von ${monate(abo.laufzeitMonate)}.`);
  });
}

/** GET /pdf/abokuendigungsbestaetigung: the confirmation of the own newest cancellation. */
export async function aboKuendigungsBestaetigungPdf(db: Database, patientId: number, now: Date): Promise<Buffer> {
  const abo = await newestGekuendigtesAbo(db, patientId);
  if (!abo?.gekuendigtAm || !abo.vertragsendeDatum) throw HttpError.notFound(ABO_TEXTS.keineKuendigungsbestaetigung);
  const patient = await patientOf(db, patientId);
  return renderPdf('Abokündigungsbestätigung', (doc) => {
    kopf(doc, 'Kündigungsbestätigung', patient, now);
    doc.text(
      pdfSafeText(
        `Hiermit bestätigen wir die Kündigung Ihres Abos „${abo.title}“ zum ${formatDayDe(abo.vertragsendeDatum)}.`,
      ),
    );
    doc.moveDown();
    zeile(doc, 'Gekündigt am', formatDateTimeUhr(abo.gekuendigtAm!));
    zeile(doc, 'Vertragsende', formatDayDe(abo.vertragsendeDatum));
    zeile(doc, 'Buchungsdatum', formatDateTimeUhr(abo.buchungsdatum));
    if (abo.beginn) zeile(doc, 'Vertragsbeginn', formatDayDe(abo.beginn));
    doc.moveDown();
    paketUndPreis(doc, abo);
    doc.moveDown();
    doc.text(
      'Bis zum Vertragsende können Sie Ihr Abo wie gewohnt nutzen. Nicht genutztes Abo-Guthaben verfällt mit dem Vertragsende.',
    );
  });
}
