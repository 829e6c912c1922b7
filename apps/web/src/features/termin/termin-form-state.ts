import { formatDayDe, parseDayDe, utcToBerlin } from '@dihs/contract/common/time';
import { TERMIN_MESSAGES, terminFormSchema, type Termin, type TerminForm, type Termintyp } from '@dihs/contract/termin';
import { z } from 'zod';

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
    datum: formatDayDe(utcToBerlin(termin.datum)[0]),
    uhrzeit: utcToBerlin(termin.datum)[1],
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
    datum: parseDayDe(form.datum) ?? form.datum,
    uhrzeit: form.uhrzeit.trim(),
    maxTeilnehmer: form.maxTeilnehmer,
    dauer: form.dauer,
  };
}

/** The message shown when a company appointment has no company chosen (the server then treats it as none). */
export const FIRMA_LEER = 'Für einen Firmentermin muss eine Firma gewählt werden.';

const rules = terminFormSchema.shape;

/**
 * The form's schema: each field with the contract's rule (the server checks the same), the typed numbers as text,
 * plus what only the form knows: the German date notation and the company of a company appointment. Once every
 * field passes, the body is checked by the contract's whole schema too.
 */
export const terminFormValuesSchema = z
  .object({
    id: z.number().nullable(),
    befund: rules.befund,
    details: rules.details,
    termintyp: rules.termintyp,
    everyoneView: z.boolean(),
    istFirmentermin: z.boolean(),
    firmaId: z.number().nullable(),
    therapeutId: rules.therapeutId,
    // the field is German: an ISO text the contract would accept is still not what the field asks for
    datum: z
      .string()
      .min(1, TERMIN_MESSAGES.datumLeer)
      .refine((text) => parseDayDe(text) !== null, TERMIN_MESSAGES.datumFormat),
    uhrzeit: z.string().trim().pipe(rules.uhrzeit),
    // the contract coerces any input; the form's is the typed text
    maxTeilnehmer: rules.maxTeilnehmer as z.ZodType<number, string>,
    dauer: rules.dauer as z.ZodType<number, string>,
  })
  .refine((form) => !form.istFirmentermin || form.firmaId !== null, { message: FIRMA_LEER, path: ['firmaId'] })
  .transform((form) => toTerminBody({ ...form, maxTeilnehmer: String(form.maxTeilnehmer), dauer: String(form.dauer) }))
  .pipe(terminFormSchema);
