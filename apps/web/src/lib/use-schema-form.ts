import { useState } from 'react';

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** Anything with zod's safeParse: the contract's schemas, without the web app depending on zod itself. */
export interface FormSchema {
  safeParse(data: unknown): { success: boolean; error?: { issues: readonly Issue[] } | undefined };
}

/** The first message of each top-level field, as the form shows it under that field. */
export function firstErrors(schema: FormSchema, values: unknown): Partial<Record<string, string>> {
  const result = schema.safeParse(values);
  const errors: Partial<Record<string, string>> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * A controlled form checked by a contract schema (the one the server checks too): values, the message of each
 * field once it was changed (or all after `showAll`), and whether the whole form is valid for a disabled submit.
 */
export function useSchemaForm<T extends Record<string, unknown>>(schema: FormSchema, initial: T) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof T, boolean>>>({});
  const [allShown, setAllShown] = useState(false);
  const errors = firstErrors(schema, values);

  return {
    values,
    valid: Object.keys(errors).length === 0,
    /** The message under a field: only once the user changed it, so an empty form is not all red. */
    errorOf: (field: keyof T & string): string | undefined => (allShown || touched[field] ? errors[field] : undefined),
    set:
      <K extends keyof T>(field: K) =>
      (value: T[K]) => {
        setValues((current) => ({ ...current, [field]: value }));
        setTouched((current) => ({ ...current, [field]: true }));
      },
    /** Shows every message, e.g. when a field loses focus untouched or a submit is attempted. */
    touch: (field: keyof T) => setTouched((current) => ({ ...current, [field]: true })),
    showAll: () => setAllShown(true),
  };
}
