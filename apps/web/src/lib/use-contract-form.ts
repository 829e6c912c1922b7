import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';

interface ContractFormOptions {
  /** Runs on every change the user makes. */
  onEdit?: () => void;
  /** The form's save: its failure message goes away as soon as the user edits again (a fresh attempt). */
  save?: { isError: boolean; reset(): void };
  /** Submits the schema's output (e.g. the trimmed, lower-cased address) instead of the values as typed. */
  submitParsed?: boolean;
}

/**
 * A form checked by a contract schema (the one the server checks too), or by a form schema built on it.
 *
 * A field's message shows once it was changed or left, and every message after a submit attempt (mode `all`, as
 * the forms behaved before react-hook-form). The form submits the values as typed: the server parses them with
 * the same schema, so a transform runs once, there (unless `submitParsed`). `formState.isValid` says whether the
 * whole form passes.
 */
export function useContractForm<T extends FieldValues, O>(
  schema: z.ZodType<O, T>,
  defaultValues: T,
  options: ContractFormOptions & { submitParsed: true },
): UseFormReturn<T, unknown, O>;
export function useContractForm<T extends FieldValues>(
  schema: z.ZodType<unknown, T>,
  defaultValues: T,
  options?: ContractFormOptions,
): UseFormReturn<T>;
export function useContractForm<T extends FieldValues>(
  schema: z.ZodType<unknown, T>,
  defaultValues: T,
  { onEdit, save, submitParsed = false }: ContractFormOptions = {},
): UseFormReturn<T, unknown, unknown> {
  const resolver: Resolver<T, unknown, unknown> = submitParsed
    ? zodResolver(schema)
    : zodResolver(schema, undefined, { raw: true });
  const form = useForm<T, unknown, unknown>({
    resolver,
    mode: 'all',
    defaultValues: defaultValues as DefaultValues<T>,
  });
  const latest = useRef({ onEdit, save, resolver });
  useEffect(() => {
    latest.current = { onEdit, save, resolver };
  });

  useEffect(() => {
    return form.subscribe({
      formState: { values: true },
      callback: ({ values, name, type }) => {
        if (type !== 'change') return;
        latest.current.onEdit?.();
        if (latest.current.save?.isError) latest.current.save.reset();
        // A rule across fields (the repeated password, a count divisible by another) may change the message of a
        // field shown before; react-hook-form checks only the changed field. The shown ones get the message the
        // form's resolver gives now; only a changed message re-renders (a trigger would re-render every field).
        const shown = (Object.keys(values) as FieldPath<T>[]).filter((field) => {
          if (field === name) return false;
          const state = form.getFieldState(field);
          return state.isTouched || state.isDirty || state.invalid;
        });
        if (shown.length === 0) return;
        void Promise.resolve(
          latest.current.resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false }),
        ).then(({ errors }) => {
          for (const field of shown) {
            const next = (errors as Record<string, FieldError | undefined>)[field];
            if (next?.message === form.getFieldState(field).error?.message) continue;
            if (next) form.setError(field, next);
            else form.clearErrors(field);
          }
        });
      },
    });
  }, [form]);

  return form;
}
