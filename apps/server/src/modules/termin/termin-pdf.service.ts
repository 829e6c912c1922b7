import { formatDateTimeUhr } from '@dihs/contract/common/time';
import { TERMIN_MESSAGES, TERMINTYP_LABELS } from '@dihs/contract/termin';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { renderPdf } from '../../lib/pdf.ts';
import { fields, heading, paragraph, table, type Field, type TableColumn } from '../../lib/pdf-layout.ts';
import { PLATFORM } from '../mail/index.ts';
import { activeSeat, findTermin, visibleForPatient, type TerminWithTherapeut } from './termin.repository.ts';
import type { TerminTeilnahmeRow } from './termin.table.ts';
import { findPersonInfo, fullName } from '../profil/index.ts';

type Doc = PDFKit.PDFDocument;

/** What the documents show of an appointment, its therapist and the patient's seat. */
export interface TerminPdfZeile {
  termin: Pick<TerminWithTherapeut['termin'], 'befund' | 'termintyp' | 'datum' | 'dauer' | 'status'>;
  vorname: string | null;
  nachname: string | null;
}
type ListenZeile = TerminPdfZeile & { seat: Pick<TerminTeilnahmeRow, 'teilgenommen' | 'status'> | null };

function kopf(doc: Doc, titel: string, patient: string, now: Date) {
  doc.font('Helvetica').fontSize(10).fillColor('#042f4c').text(PLATFORM).fillColor('black').moveDown(0.5);
  heading(doc, titel, 1, 0);
  fields(doc, [
    ['Patientin/Patient', patient],
    ['Erstellt am', formatDateTimeUhr(now)],
  ]);
  doc.moveDown();
}

const therapeut = (row: TerminPdfZeile) => `${row.vorname ?? ''} ${row.nachname ?? ''}`.trim();

function terminFelder(row: TerminPdfZeile): Field[] {
  const t = row.termin;
  return [
    ['Termin', t.befund],
    ['Terminart', TERMINTYP_LABELS[t.termintyp]],
    ['Beginn', formatDateTimeUhr(t.datum)],
    ['Dauer', `${t.dauer} Minuten`],
    ['Therapeutin/Therapeut', therapeut(row)],
  ];
}

const ZAHLUNGSART_TEXT = {
  FIRMA: 'Kostenfreier Termin Ihres Arbeitgebers',
  REZEPT: 'Rezeptguthaben',
  ABO: 'Aboguthaben',
  GUTHABEN: 'Bezahltes Guthaben',
  KARTE: 'Kartenzahlung',
} as const;

/** The attendance confirmation's pages, from data already checked. */
export function renderTeilnahmebestaetigung(row: TerminPdfZeile, patient: string, now: Date): Promise<Buffer> {
  return renderPdf('Teilnahmebestätigung', (doc) => {
    kopf(doc, 'Teilnahmebestätigung', patient, now);
    paragraph(doc, `Hiermit bestätigen wir, dass ${patient} an folgendem Termin teilgenommen hat:`, { gapAfter: 1 });
    fields(doc, terminFelder(row));
  });
}

/** The booking confirmation's pages, from data already checked. */
export function renderTerminbuchungsbestaetigung(
  row: TerminPdfZeile,
  seat: Pick<TerminTeilnahmeRow, 'bookedAt' | 'zahlungsart'>,
  patient: string,
  now: Date,
): Promise<Buffer> {
  return renderPdf('Terminbuchungsbestätigung', (doc) => {
    kopf(doc, 'Terminbuchungsbestätigung', patient, now);
    paragraph(doc, 'Hiermit bestätigen wir Ihre Buchung des folgenden Termins:', { gapAfter: 1 });
    fields(doc, [
      ...terminFelder(row),
      ['Gebucht am', formatDateTimeUhr(seat.bookedAt)],
      ['Zahlungsart', ZAHLUNGSART_TEXT[seat.zahlungsart]],
    ]);
    doc.moveDown();
    paragraph(doc, 'Stornierungen sind bis 24 Stunden vor Terminbeginn möglich.');
  });
}

// the status column fits its longest word ("teilgenommen"): a narrower column would break it inside the word
const LISTE_SPALTEN: readonly TableColumn[] = [
  { share: 0.16 },
  { share: 0.24 },
  { share: 0.19 },
  { share: 0.22 },
  { share: 0.19 },
];
const LISTE_KOPF = ['Beginn', 'Termin', 'Terminart, Dauer', 'Therapeutin/ Therapeut', 'Status'];

/** What the list says about the patient's part in an appointment. */
function listenStatus(row: ListenZeile, now: Date): string {
  if (row.termin.status === 'ABGESAGT') return 'abgesagt';
  if (row.seat?.teilgenommen) return 'teilgenommen';
  if (row.termin.datum <= now) return 'nicht teilgenommen';
  return row.seat?.status === 'GEBUCHT' ? 'gebucht' : 'nicht gebucht';
}

/** The appointment list's pages: one table, its header repeated on every page. */
export function renderTerminliste(rows: readonly ListenZeile[], patient: string, now: Date): Promise<Buffer> {
  return renderPdf('Terminliste', (doc) => {
    kopf(doc, 'Terminliste', patient, now);
    table(
      doc,
      LISTE_SPALTEN,
      rows.map((r) => [
        formatDateTimeUhr(r.termin.datum),
        r.termin.befund,
        `${TERMINTYP_LABELS[r.termin.termintyp]}, ${r.termin.dauer} Minuten`,
        therapeut(r),
        listenStatus(r, now),
      ]),
      LISTE_KOPF,
    );
  });
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

/** GET /pdf/teilnahmebestaetigung/{id}: only after the end and only when the attendance was confirmed. */
export async function teilnahmebestaetigungPdf(db: Database, patientUserId: number, terminId: number, now: Date) {
  const { row, seat } = await ownSeat(db, patientUserId, terminId);
  const ende = row.termin.datum.getTime() + row.termin.dauer * 60_000;
  if (now.getTime() < ende) throw HttpError.badRequest(TERMIN_MESSAGES.nichtStattgefunden);
  if (!seat.teilgenommen) throw HttpError.badRequest(TERMIN_MESSAGES.teilnahmeNichtBestaetigt);
  return renderTeilnahmebestaetigung(row, await patientName(db, patientUserId), now);
}

/** GET /pdf/terminbuchungsbestaetigung/{id}: the own booking (paid seat). */
export async function terminbuchungsbestaetigungPdf(db: Database, patientUserId: number, terminId: number, now: Date) {
  const { row, seat } = await ownSeat(db, patientUserId, terminId);
  if (seat.status !== 'GEBUCHT') throw HttpError.badRequest('Die Buchung ist noch nicht bezahlt.');
  return renderTerminbuchungsbestaetigung(row, seat, await patientName(db, patientUserId), now);
}

/** POST /pdf/terminliste: the given appointments that the patient may see, in start order; unknown ids are left out. */
export async function terminlistePdf(db: Database, patientUserId: number, ids: number[], now: Date) {
  const patient = await findPersonInfo(db, patientUserId);
  if (!patient) throw HttpError.notFound('Unbekannter Patient.');
  const rows = await visibleForPatient(db, patientUserId, patient.firmaId, [...new Set(ids)]);
  if (rows.length === 0) throw HttpError.notFound(TERMIN_MESSAGES.unbekannt);
  return renderTerminliste(rows, fullName(patient) || 'unbekannt', now);
}
