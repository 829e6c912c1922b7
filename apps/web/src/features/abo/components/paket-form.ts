import { ABO_PAKET_DEFAULTS, aboPaketFieldsSchema, type AboPaket, type AboPaketFields } from '@dihs/contract/abo';
import { z } from 'zod';

/** The counts of a package as the form edits them: text, so an empty field can say "darf nicht leer sein". */
export const ANZAHL_FELDER = [
  ['einzelTermineProQuartal', 'ET – Einzeltermine je Buchungsintervall'],
  ['gruppenTermineProQuartal', 'GT – Gruppentermine je Buchungsintervall'],
  ['trainingsplaene', 'TP – Trainingspläne je Buchungsintervall'],
  ['befundtermine', 'BT – Befundtermine je Buchungsintervall'],
  ['laufzeitMonate', 'LZ – Laufzeit in Monaten'],
  ['kuendigungsfristMonate', 'KF – Kündigungsfrist in Monaten'],
  ['buchungMonate', 'BR – Buchungsrhythmus in Monaten'],
] as const;
export type AnzahlFeld = (typeof ANZAHL_FELDER)[number][0];

export type PaketForm = Record<AnzahlFeld, string> & {
  title: string;
  /** Euro with up to two decimals, "89,00"; named as in the body, so the schema's messages land on this field. */
  kostenProQuartalCent: string;
  aktiv: boolean;
  buchbar: boolean;
};

/** Cents as the form shows them: "89,00". */
const euroText = (cents: number) => `${Math.trunc(cents / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** The form of a package, or of a new one with the defaults of spec 3 section 3. */
export function formOf(paket: AboPaket | null): PaketForm {
  const source = paket ?? ABO_PAKET_DEFAULTS;
  return {
    title: source.title,
    einzelTermineProQuartal: String(source.einzelTermineProQuartal),
    gruppenTermineProQuartal: String(source.gruppenTermineProQuartal),
    trainingsplaene: String(source.trainingsplaene),
    befundtermine: String(source.befundtermine),
    laufzeitMonate: String(source.laufzeitMonate),
    kuendigungsfristMonate: String(source.kuendigungsfristMonate),
    buchungMonate: String(source.buchungMonate),
    kostenProQuartalCent: euroText(source.kostenProQuartalCent),
    aktiv: source.aktiv,
    buchbar: source.buchbar,
  };
}

/** A typed count: empty or not a number is NaN (the schema says "Die Anzahl darf nicht leer sein."). */
const zahl = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')));

/** "89", "89,5", "89,50" or "89.50" as cents; anything else NaN. */
export function centOf(text: string): number {
  const value = text.trim();
  const match = /^(-?)(\d+)(?:[.,](\d{1,2}))?$/.exec(value);
  if (!match) return Number.NaN;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** The API body of the form (checked by the contract's schema, the one the server checks). */
export const bodyOf = (form: PaketForm): AboPaketFields => ({
  title: form.title,
  einzelTermineProQuartal: zahl(form.einzelTermineProQuartal),
  gruppenTermineProQuartal: zahl(form.gruppenTermineProQuartal),
  trainingsplaene: zahl(form.trainingsplaene),
  befundtermine: zahl(form.befundtermine),
  laufzeitMonate: zahl(form.laufzeitMonate),
  kuendigungsfristMonate: zahl(form.kuendigungsfristMonate),
  buchungMonate: zahl(form.buchungMonate),
  kostenProQuartalCent: centOf(form.kostenProQuartalCent),
  aktiv: form.aktiv,
  buchbar: form.buchbar,
});

/** The form's schema: the contract's rules (the server checks the same) applied to the body the texts make. */
export const paketFormSchema = z.custom<PaketForm>().transform(bodyOf).pipe(aboPaketFieldsSchema);
