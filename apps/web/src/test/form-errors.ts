import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldValues } from 'react-hook-form';
import type { z } from 'zod';

/** The message under each field of a form with these values, as its contract form (react-hook-form + zod) shows it. */
export async function formErrors<T extends FieldValues>(
  schema: z.ZodType<unknown, T>,
  values: T,
): Promise<Record<string, string | undefined>> {
  const result = await zodResolver(schema, undefined, { raw: true })(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  const errors = result.errors as Record<string, FieldError | undefined>;
  return Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]));
}
