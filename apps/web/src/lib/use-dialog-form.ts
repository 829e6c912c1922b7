import { useState } from 'react';

/** The fields of a form typed as text: the ones that show a message once touched. */
type TextKeys<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F] & string;

/**
 * The state of a create/edit dialog's form: its values, the messages of the text fields the user touched (all of
 * them after a submit attempt) and whether the form is valid. `errorsOf` checks with the contract's schema, the
 * one the server checks; `onEdit` runs on every typed change, e.g. to clear a failed save's message.
 */
export function useDialogForm<F extends object>(
  initial: () => F,
  errorsOf: (form: F) => Partial<Record<string, string>>,
  onEdit: () => void,
) {
  const [form, setForm] = useState<F>(initial);
  const [touched, setTouched] = useState<ReadonlySet<TextKeys<F>>>(new Set());
  const errors = errorsOf(form);
  const touch = (field: TextKeys<F>) => setTouched((current) => new Set(current).add(field));
  const shown = (field: TextKeys<F>): string | undefined => (touched.has(field) ? errors[field] : undefined);
  const setText = (field: TextKeys<F>) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    touch(field);
    onEdit();
  };

  return {
    form,
    valid: Object.keys(errors).length === 0,
    /** The message under a field: only once it was touched, so a fresh form is not all red. */
    shown,
    touch,
    /** Shows the messages of these fields, e.g. on a submit attempt. */
    touchAll: (fields: readonly TextKeys<F>[]) => setTouched(new Set(fields)),
    setText,
    /** The props of a CountedTextField bound to a text field: value, change, touch on leave, message. */
    textField: (field: TextKeys<F>) => ({
      value: form[field] as string,
      onChange: setText(field),
      onBlur: () => touch(field),
      error: shown(field),
    }),
    setFlag:
      <K extends keyof F>(field: K) =>
      (value: F[K]) =>
        setForm((current) => ({ ...current, [field]: value })),
  };
}
