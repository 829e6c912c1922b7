import { formatEuroCents, splitVat, VAT_PERCENT } from '@dihs/contract/common/money';
import { formatDateTimeUhr } from '@dihs/contract/common/time';
import { SHOP_DURATIONS_MINUTES } from '@dihs/contract/guthaben';
import { TERMINTYP_LABELS as TYP } from '@dihs/contract/termin';
import { PAYMENT_STATUS_TEXTS } from '@dihs/contract/zahlung';
import { renderPdf } from '../../lib/pdf.ts';
import { bodyLines, fields, heading, paragraph } from '../../lib/pdf-layout.ts';
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
  order: Pick<
    GuthabenBestellungRow,
    | 'id'
    | 'titel'
    | 'centPreis'
    | 'buchungsdatum'
    | 'transactionId'
    | 'status'
    | 'stornodatum'
    | 'einzelTermine'
    | 'gruppenTermine'
    | 'telefonTermine'
    | 'anamnese'
    | 'befunde'
  >,
  patient: ConfirmationPatient,
  now: Date = new Date(),
): Promise<Buffer> {
  const name = `${patient.vorname ?? ''} ${patient.nachname ?? ''}`.trim() || 'unbekannt';
  const street = `${patient.strasse ?? ''} ${patient.hausnummer ?? ''}`.trim();
  const city = `${patient.plz ?? ''} ${patient.ort ?? ''}`.trim();
  const { netCents, vatCents } = splitVat(order.centPreis);
  return renderPdf(`Buchungsbestätigung Guthaben ${order.id}`, (doc) => {
    doc.font('Helvetica').fontSize(10).text(PLATFORM, { align: 'right' }).moveDown();
    heading(doc, 'Buchungsbestätigung Guthaben', 1, 0);
    // the address block as on a letter: one line each, no labels
    for (const line of [name, street, city]) if (line) paragraph(doc, line);
    doc.moveDown();
    fields(doc, [
      ['Buchungsnummer', String(order.id)],
      ['Buchungsdatum', formatDateTimeUhr(order.buchungsdatum)],
      ...(order.transactionId ? [['Transaktionsnummer', order.transactionId] as const] : []),
      ['Status', PAYMENT_STATUS_TEXTS[order.status]],
      ...(order.stornodatum ? [['Stornodatum', formatDateTimeUhr(order.stornodatum)] as const] : []),
    ]);
    const paket = packageLines(order);
    heading(doc, `Guthabenpaket „${order.titel}“`, 2, bodyLines(doc, Math.min(paket.length, 2)));
    for (const line of paket) paragraph(doc, line);
    doc.moveDown(0.5);
    fields(
      doc,
      [
        ['Nettobetrag', formatEuroCents(netCents)],
        [`enthaltene MwSt. (${VAT_PERCENT} %)`, formatEuroCents(vatCents)],
        ['Gesamtbetrag inkl. MwSt.', formatEuroCents(order.centPreis), 'fett'],
      ],
      { amounts: true },
    );
    doc.moveDown();
    paragraph(doc, `Ausgestellt am: ${formatDateTimeUhr(now)}`);
  });
}
