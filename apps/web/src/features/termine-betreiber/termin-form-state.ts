import { TIME_ZONE } from '@dihs/contract/common/constants';
import { TERMIN_MESSAGES, terminFormSchema, type Termin, type TerminForm, type Termintyp } from '@dihs/contract/termin';
import { germanOfIsoDate, isoOfGermanDate } from '../../lib/termin-filter.ts';

// the German date notation is shared with the patient plan's filter
export { germanOfIsoDate, isoOfGermanDate };

/** The form as the fields hold it: numbers as text while typed, an empty type and therapist until chosen. */
export interface TerminFormValues extends Record<string, unknown> {
  id: number | null;
  befund: string;
  details: string;
  termintyp: Termintyp | '';
  everyoneView: boolean;
  istFirmentermin: boolean;
  firmaId: number | null;
  therapeutId: number | null;
  /** As typed: TT.MM.JJJJ (German, the form's locale). */
  datum: string;
  /** As typed: HH:MM, 24 hours, Berlin time. */
  uhrzeit: string;
  maxTeilnehmer: string;
  dauer: string;
}

export const EMPTY_TERMIN_FORM: TerminFormValues = {
  id: null,
  befund: '',
  details: '',
  termintyp: '',
  everyoneView: false,
  istFirmentermin: false,
  firmaId: null,
  therapeutId: null,
  datum: '',
  uhrzeit: '',
  maxTeilnehmer: '',
  dauer: '',
};

const berlinDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const berlinTime = new Intl.DateTimeFormat('de-DE', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A UTC instant as the Berlin calendar day (YYYY-MM-DD) and wall-clock time (HH:MM) the form and server use. */
export function berlinParts(iso: string): { datum: string; uhrzeit: string } {
  const date = new Date(iso);
  return { datum: berlinDay.format(date), uhrzeit: berlinTime.format(date) };
}

/** The form filled from a stored appointment ("Termin ändern"). */
export function formOfTermin(termin: Termin): TerminFormValues {
  return {
    id: termin.id,
    befund: termin.befund,
    details: termin.details,
    termintyp: termin.termintyp,
    everyoneView: termin.everyoneView,
    istFirmentermin: termin.firmaId !== null,
    firmaId: termin.firmaId,
    therapeutId: termin.therapeutId,
    datum: germanOfIsoDate(berlinParts(termin.datum).datum),
    uhrzeit: berlinParts(termin.datum).uhrzeit,
    maxTeilnehmer: String(termin.maxTeilnehmer),
    dauer: String(termin.dauer),
  };
}

/**
 * Choosing a type applies the rules of spec 2 section 4: EINZEL holds exactly one participant (the field is then
 * disabled), and "Jeder sieht jeden" exists only for GRUPPE, so it is switched off for every other type.
 */
export function withTermintyp(form: TerminFormValues, termintyp: Termintyp): TerminFormValues {
  return {
    ...form,
    termintyp,
    maxTeilnehmer: termintyp === 'EINZEL' ? '1' : form.maxTeilnehmer,
    everyoneView: termintyp === 'GRUPPE' ? form.everyoneView : false,
  };
}

/** Whether the max participants field can be edited (not for EINZEL). */
export const maxTeilnehmerEditable = (form: TerminFormValues): boolean => form.termintyp !== 'EINZEL';

/** The body of POST /termin/betreiber/save: a company appointment needs a company, otherwise none is sent. */
export function toTerminBody(form: TerminFormValues): TerminForm {
  return {
    ...(form.id === null ? {} : { id: form.id }),
    befund: form.befund,
    details: form.details,
    // an empty choice is sent as is so that the schema names the missing type with its message
    termintyp: form.termintyp as Termintyp,
    everyoneView: form.everyoneView,
    firmaId: form.istFirmentermin ? form.firmaId : null,
    therapeutId: form.therapeutId as number,
    // an unreadable text is sent as typed, so the schema names it with its format message
    datum: isoOfGermanDate(form.datum) ?? form.datum,
    uhrzeit: form.uhrzeit.trim(),
    maxTeilnehmer: form.maxTeilnehmer,
    dauer: form.dauer,
  };
}

/** The message shown when a company appointment has no company chosen (the server then treats it as none). */
export const FIRMA_LEER = 'Für einen Firmentermin muss eine Firma gewählt werden.';

/** The first message of each field: the contract's rules (the server checks the same) plus the company choice. */
export function terminFormErrors(form: TerminFormValues): Partial<Record<keyof TerminFormValues & string, string>> {
  const errors: Partial<Record<keyof TerminFormValues & string, string>> = {};
  for (const issue of terminFormSchema.safeParse(toTerminBody(form)).error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  if (form.istFirmentermin && form.firmaId === null) errors.firmaId ??= FIRMA_LEER;
  // the field is German: an ISO text the schema would accept is still not what the field asks for
  if (form.datum.trim() !== '' && isoOfGermanDate(form.datum) === null) errors.datum = TERMIN_MESSAGES.datumFormat;
  return errors;
}
