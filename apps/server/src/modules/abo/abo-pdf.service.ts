import { ABO_TEXTS, detailedStatusLabel } from '@dihs/contract/abo';
import { formatEuroCents, splitVat, VAT_PERCENT } from '@dihs/contract/common/money';
import { formatDateTimeUhr, formatDayDe } from '@dihs/contract/common/time';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { renderPdf } from '../../lib/pdf.ts';
import { fields, fieldSection, heading, paragraph, type Field } from '../../lib/pdf-layout.ts';
import { PLATFORM } from '../mail/index.ts';
import { newestBegonnenesAbo, newestGekuendigtesAbo } from './abo.repository.ts';
import type { AboRow } from './abo.table.ts';
import { findPersonInfo, fullName } from '../profil/index.ts';

const monate = (n: number) => `${n} ${n === 1 ? 'Monat' : 'Monate'}`;

type Doc = PDFKit.PDFDocument;

/** What the documents show of a subscription. */
export type AboPdfDaten = Pick<
  AboRow,
  | 'title'
  | 'bezahlabo'
  | 'buchungMonate'
  | 'einzelTermine'
  | 'gruppenTermine'
  | 'befundtermine'
  | 'trainingsplaene'
  | 'laufzeitMonate'
  | 'kuendigungsfristMonate'
  | 'kostenCent'
  | 'buchungsdatum'
  | 'beginn'
  | 'laufzeitEnde'
  | 'letztmoeglicherKuendigungsTag'
  | 'vertragsendeDatum'
  | 'status'
  | 'gekuendigtAm'
>;

interface AboPatient {
  name: string;
  email: string;
}

function kopf(doc: Doc, titel: string, patient: AboPatient, now: Date) {
  doc.font('Helvetica').fontSize(10).fillColor('#042f4c').text(PLATFORM).fillColor('black').moveDown(0.5);
  heading(doc, titel, 1, 0);
  fields(doc, [
    ['Patientin/Patient', `${patient.name || 'unbekannt'} (${patient.email})`],
    ['Erstellt am', formatDateTimeUhr(now)],
  ]);
  doc.moveDown();
}

function paketUndPreis(doc: Doc, abo: AboPdfDaten) {
  fieldSection(doc, 'Paket und Leistungen', [
    ['Abopaket', abo.title],
    ['Art', abo.bezahlabo ? 'Bezahlabo' : 'Firmenabo'],
    [
      `Leistungen je Buchungsintervall (${monate(abo.buchungMonate)})`,
      `${abo.einzelTermine} Einzeltermine, ${abo.gruppenTermine} Gruppentermine, ${abo.befundtermine} Befundtermine, ${abo.trainingsplaene} Trainingspläne`,
    ],
    ['Laufzeit', monate(abo.laufzeitMonate)],
    ['Kündigungsfrist', monate(abo.kuendigungsfristMonate)],
  ]);
  if (!abo.bezahlabo) {
    doc.moveDown(0.5);
    paragraph(doc, 'Die Kosten dieses Abos trägt Ihr Arbeitgeber.');
    return;
  }
  const preis = splitVat(abo.kostenCent);
  fieldSection(
    doc,
    `Preis je Buchungsintervall (${monate(abo.buchungMonate)})`,
    [
      ['Nettobetrag', formatEuroCents(preis.netCents)],
      [`zzgl. ${VAT_PERCENT} % MwSt.`, formatEuroCents(preis.vatCents)],
      ['Gesamtbetrag (inkl. MwSt.)', formatEuroCents(abo.kostenCent), 'fett'],
    ],
    { amounts: true, level: 3 },
  );
}

/** The subscription confirmation's pages, from the subscription already found. */
export function renderAboBestaetigung(abo: AboPdfDaten & { beginn: string }, patient: AboPatient, now: Date) {
  return renderPdf('Abobestätigung', (doc) => {
    kopf(doc, 'Abobestätigung', patient, now);
    paragraph(doc, `Vielen Dank für Ihr Abo „${abo.title}“. Hiermit bestätigen wir Ihre Buchung.`, { gapAfter: 1 });
    const termine: Field[] = [
      ['Buchungsdatum', formatDateTimeUhr(abo.buchungsdatum)],
      ['Vertragsbeginn', formatDayDe(abo.beginn)],
    ];
    if (abo.laufzeitEnde) termine.push(['Aktuelle Laufzeit bis', formatDayDe(abo.laufzeitEnde)]);
    if (abo.letztmoeglicherKuendigungsTag) {
      termine.push(['Letztmöglicher Kündigungstag', formatDayDe(abo.letztmoeglicherKuendigungsTag)]);
    }
    if (abo.vertragsendeDatum) termine.push(['Vertragsende', formatDayDe(abo.vertragsendeDatum)]);
    termine.push(['Status', detailedStatusLabel(abo.status)]);
    fields(doc, termine);
    paketUndPreis(doc, abo);
    doc.moveDown();
    paragraph(doc, `Ohne Kündigung verlängert sich das Abo jeweils um die Laufzeit von ${monate(abo.laufzeitMonate)}.`);
  });
}

/** The cancellation confirmation's pages, from the cancelled subscription already found. */
export function renderAboKuendigungsBestaetigung(
  abo: AboPdfDaten & { gekuendigtAm: Date; vertragsendeDatum: string },
  patient: AboPatient,
  now: Date,
) {
  return renderPdf('Abokündigungsbestätigung', (doc) => {
    kopf(doc, 'Kündigungsbestätigung', patient, now);
    paragraph(
      doc,
      `Hiermit bestätigen wir die Kündigung Ihres Abos „${abo.title}“ zum ${formatDayDe(abo.vertragsendeDatum)}.`,
      { gapAfter: 1 },
    );
    fields(doc, [
      ['Gekündigt am', formatDateTimeUhr(abo.gekuendigtAm)],
      ['Vertragsende', formatDayDe(abo.vertragsendeDatum)],
      ['Buchungsdatum', formatDateTimeUhr(abo.buchungsdatum)],
      ...(abo.beginn ? [['Vertragsbeginn', formatDayDe(abo.beginn)] as const] : []),
    ]);
    paketUndPreis(doc, abo);
    doc.moveDown();
    paragraph(
      doc,
      'Bis zum Vertragsende können Sie Ihr Abo wie gewohnt nutzen. Nicht genutztes Abo-Guthaben verfällt mit dem Vertragsende.',
    );
  });
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
  return renderAboBestaetigung({ ...abo, beginn: abo.beginn }, patient, now);
}

/** GET /pdf/abokuendigungsbestaetigung: the confirmation of the own newest cancellation. */
export async function aboKuendigungsBestaetigungPdf(db: Database, patientId: number, now: Date): Promise<Buffer> {
  const abo = await newestGekuendigtesAbo(db, patientId);
  if (!abo?.gekuendigtAm || !abo.vertragsendeDatum) throw HttpError.notFound(ABO_TEXTS.keineKuendigungsbestaetigung);
  const patient = await patientOf(db, patientId);
  return renderAboKuendigungsBestaetigung(
    { ...abo, gekuendigtAm: abo.gekuendigtAm, vertragsendeDatum: abo.vertragsendeDatum },
    patient,
    now,
  );
}
