import { formatEuroCents, splitVat, VAT_PERCENT } from '@dihs/contract/common/money';
import { formatDateTimeUhr } from '@dihs/contract/common/time';
import { SHOP_DURATIONS_MINUTES } from '@dihs/contract/guthaben';
import { TERMINTYP_LABELS as TYP } from '@dihs/contract/termin';
import { PAYMENT_STATUS_TEXTS } from '@dihs/contract/zahlung';
import { pdfSafeText, renderPdf } from '../../lib/pdf.ts';
import { PLATFORM } from '../mail/index.ts';
import type { GuthabenBestellungRow } from './guthaben.table.ts';

/** The lines of a package: "5 × Video-Einzeltermin (je 20 Min.)", only counts above 0. */
export function packageLines(
  order: Pick<GuthabenBestellungRow, 'einzelTermine' | 'gruppenTermine' | 'telefonTermine' | 'anamnese' | 'befunde'>,
): string[] {
  const lines: [number, string][] = [
    [order.einzelTermine, `${TYP.EINZEL} (je ${SHOP_DURATIONS_MINUTES.einzel} Min.)`],
    [order.gruppenTermine, `${TYP.GRUPPE} (je ${SHOP_DURATIONS_MINUTES.gruppe} Min.)`],
    [order.telefonTermine, `${TYP.TELEFON} (je ${SHOP_DURATIONS_MINUTES.telefon} Min.)`],
    [order.anamnese, `${TYP.ANAMNESE} (je ${SHOP_DURATIONS_MINUTES.anamnese} Min.)`],
    [order.befunde, TYP.BEFUND],
  ];
  return lines.filter(([count]) => count > 0).map(([count, label]) => `${count} × ${label}`);
}

export interface ConfirmationPatient {
  vorname: string | null;
  nachname: string | null;
  strasse: string | null;
  hausnummer: string | null;
  plz: string | null;
  ort: string | null;
}

/** The credit confirmation (GET /pdf/guthabenbestaetigung/{id}). */
export function renderGuthabenBestaetigung(
  order: GuthabenBestellungRow,
  patient: ConfirmationPatient,
  now: Date = new Date(),
): Promise<Buffer> {
  const name = `${patient.vorname ?? ''} ${patient.nachname ?? ''}`.trim() || 'unbekannt';
  const street = `${patient.strasse ?? ''} ${patient.hausnummer ?? ''}`.trim();
  const city = `${patient.plz ?? ''} ${patient.ort ?? ''}`.trim();
  const { netCents, vatCents } = splitVat(order.centPreis);
  return renderPdf(`Buchungsbestätigung Guthaben ${order.id}`, (doc) => {
    doc.fontSize(10).text(PLATFORM, { align: 'right' });
    doc.moveDown();
    doc.fontSize(18).font('Helvetica-Bold').text('Buchungsbestätigung Guthaben');
    doc.moveDown(0.5).fontSize(11).font('Helvetica');
    doc.text(pdfSafeText(name));
    if (street) doc.text(pdfSafeText(street));
    if (city) doc.text(pdfSafeText(city));
    doc.moveDown();
    doc.text(`Buchungsnummer: ${order.id}`);
    doc.text(`Buchungsdatum: ${formatDateTimeUhr(order.buchungsdatum)}`);
    if (order.transactionId) doc.text(pdfSafeText(`Transaktionsnummer: ${order.transactionId}`));
    doc.text(`Status: ${PAYMENT_STATUS_TEXTS[order.status]}`);
    if (order.stornodatum) doc.text(`Stornodatum: ${formatDateTimeUhr(order.stornodatum)}`);
    doc.moveDown();
    doc.font('Helvetica-Bold').text(pdfSafeText(`Guthabenpaket: ${order.titel}`));
    doc.font('Helvetica');
    for (const line of packageLines(order)) doc.text(pdfSafeText(line));
    doc.moveDown();
    doc.text(`Nettobetrag: ${formatEuroCents(netCents)}`);
    doc.text(`enthaltene MwSt. (${VAT_PERCENT} %): ${formatEuroCents(vatCents)}`);
    doc.font('Helvetica-Bold').text(`Gesamtbetrag inkl. MwSt.: ${formatEuroCents(order.centPreis)}`);
    doc.font('Helvetica').moveDown();
    doc.text(`Ausgestellt am: ${formatDateTimeUhr(now)}`);
  });
}
