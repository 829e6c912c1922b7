import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ABO_STATUSES } from '@dihs/contract/abo';
import { users } from '../users/users.table.ts';
import { zahlungen } from '../zahlung/zahlung.table.ts';

/** Subscription packages (spec 1 section 3 "AboPaket"). Counts are granted per booking interval. */
export const aboPakete = pgTable(
  'abo_paket',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    trainingsplaene: integer('trainingsplaene').notNull(),
    befundtermine: integer('befundtermine').notNull(),
    einzelTermineProQuartal: integer('einzel_termine_pro_quartal').notNull(),
    gruppenTermineProQuartal: integer('gruppen_termine_pro_quartal').notNull(),
    laufzeitMonate: integer('laufzeit_monate').notNull(),
    buchungMonate: integer('buchung_monate').notNull(),
    /** Gross price per booking interval, integer cents. */
    kostenProQuartalCent: integer('kosten_pro_quartal_cent').notNull(),
    kuendigungsfristMonate: integer('kuendigungsfrist_monate').notNull(),
    /** Offered in the shop (with aktiv). */
    buchbar: boolean('buchbar').notNull().default(false),
    /** May be assigned by an operator; an inactive package is offered nowhere. */
    aktiv: boolean('aktiv').notNull().default(false),
  },
  (t) => [
    check(
      'abo_paket_counts_nonnegative',
      sql`${t.trainingsplaene} >= 0 and ${t.befundtermine} >= 0 and ${t.einzelTermineProQuartal} >= 0
        and ${t.gruppenTermineProQuartal} >= 0 and ${t.kostenProQuartalCent} >= 0 and ${t.kuendigungsfristMonate} >= 0`,
    ),
    check(
      'abo_paket_intervall_teilt_laufzeit',
      sql`${t.buchungMonate} > 0 and ${t.laufzeitMonate} > 0 and ${t.laufzeitMonate} % ${t.buchungMonate} = 0`,
    ),
  ],
);
export type AboPaketRow = typeof aboPakete.$inferSelect;

/** How a subscription ended (beyond the spec's status; the notices and PDFs name it). */
export const ABO_ENDE_GRUENDE = [
  'KUENDIGUNG',
  'BETREIBER',
  'ERSTATTET',
  'ZAHLUNG_AUSGEBLIEBEN',
  'ABGEBROCHEN',
  'ERSETZT',
] as const;
export type AboEndeGrund = (typeof ABO_ENDE_GRUENDE)[number];

/**
 * A patient's subscription (spec 1 section 3 "Patient subscription"). The package's terms are copied at booking,
 * so a later change of the package does not change a running contract. Dates are calendar days in Berlin.
 */
export const abos = pgTable(
  'abo',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    patientUserId: integer('patient_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    aboPaketId: integer('abo_paket_id')
      .notNull()
      .references(() => aboPakete.id),
    title: text('title').notNull(),
    trainingsplaene: integer('trainingsplaene').notNull(),
    befundtermine: integer('befundtermine').notNull(),
    einzelTermine: integer('einzel_termine').notNull(),
    gruppenTermine: integer('gruppen_termine').notNull(),
    laufzeitMonate: integer('laufzeit_monate').notNull(),
    buchungMonate: integer('buchung_monate').notNull(),
    kostenCent: integer('kosten_cent').notNull(),
    kuendigungsfristMonate: integer('kuendigungsfrist_monate').notNull(),
    status: text('status', { enum: ABO_STATUSES }).notNull(),
    /** Paid by the patient; false: a company subscription. */
    bezahlabo: boolean('bezahlabo').notNull(),
    buchungsdatum: timestamp('buchungsdatum', { withTimezone: true }).notNull(),
    /** First day of the contract (the day it became active). */
    beginn: date('beginn'),
    /** Last day of the current term. */
    laufzeitEnde: date('laufzeit_ende'),
    letztmoeglicherKuendigungsTag: date('letztmoeglicher_kuendigungs_tag'),
    /** Last day of the contract once cancelled or ended. */
    vertragsendeDatum: date('vertragsende_datum'),
    /** Number of the next booking interval (0 is the first) and the day it starts. */
    naechstePeriodeNr: integer('naechste_periode_nr').notNull().default(0),
    naechstePeriode: date('naechste_periode'),
    /** While a renewal payment is due: its last day. */
    zahlungsfrist: date('zahlungsfrist'),
    kuendigungVorgemerkt: boolean('kuendigung_vorgemerkt').notNull().default(false),
    kuendigungBetreiberVorgemerkt: boolean('kuendigung_betreiber_vorgemerkt').notNull().default(false),
    widerrufen: boolean('widerrufen').notNull().default(false),
    gekuendigtAm: timestamp('gekuendigt_am', { withTimezone: true }),
    beendetAm: timestamp('beendet_am', { withTimezone: true }),
    endeGrund: text('ende_grund', { enum: ABO_ENDE_GRUENDE }),
    /** The operator who assigned it; null when the patient booked it. */
    zugewiesenVon: integer('zugewiesen_von').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // At most one subscription per patient that has not ended: the database decides between parallel bookings.
    uniqueIndex('abo_ein_laufendes_pro_patient')
      .on(t.patientUserId)
      .where(sql`${t.status} in ('INBUCHUNG', 'INBEZAHLUNG', 'AKTIV', 'WARTE_AUF_ABOZAHLUNG')`),
    index('abo_patient').on(t.patientUserId),
    index('abo_faellig').on(t.status, t.naechstePeriode),
  ],
);
export type AboRow = typeof abos.$inferSelect;

export const ABO_ZAHLUNG_STATUSES = ['OFFEN', 'BEZAHLT', 'ABGEBROCHEN', 'ERSTATTET'] as const;

/**
 * A payment requested for one booking interval of a subscription. periodeNr 0 is the first interval, which starts
 * on the day the payment is confirmed.
 */
export const aboZahlungen = pgTable(
  'abo_zahlung',
  {
    zahlungId: integer('zahlung_id')
      .primaryKey()
      .references(() => zahlungen.id, { onDelete: 'cascade' }),
    aboId: integer('abo_id')
      .notNull()
      .references(() => abos.id, { onDelete: 'cascade' }),
    periodeNr: integer('periode_nr').notNull(),
    redirectUrl: text('redirect_url').notNull(),
    status: text('status', { enum: ABO_ZAHLUNG_STATUSES }).notNull().default('OFFEN'),
    erstelltAm: timestamp('erstellt_am', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('abo_zahlung_abo').on(t.aboId, t.periodeNr)],
);
export type AboZahlungRow = typeof aboZahlungen.$inferSelect;

/** A booking interval whose allowances were granted (paid, free or paid by the company). */
export const aboPerioden = pgTable(
  'abo_periode',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    aboId: integer('abo_id')
      .notNull()
      .references(() => abos.id, { onDelete: 'cascade' }),
    nr: integer('nr').notNull(),
    beginn: date('beginn').notNull(),
    /** Last day of the interval. */
    ende: date('ende').notNull(),
    zahlungId: integer('zahlung_id').references(() => zahlungen.id, { onDelete: 'set null' }),
    gutgeschriebenAm: timestamp('gutgeschrieben_am', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('abo_periode_unique').on(t.aboId, t.nr)],
);

/** Notices for events the patient must learn of (a payment for a booking that no longer waits for it). */
export const aboHinweise = pgTable(
  'abo_hinweis',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    patientUserId: integer('patient_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    aboId: integer('abo_id').references(() => abos.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    erstelltAm: timestamp('erstellt_am', { withTimezone: true }).notNull(),
  },
  (t) => [index('abo_hinweis_patient').on(t.patientUserId, t.erstelltAm)],
);
