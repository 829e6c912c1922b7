import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-fields.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { EditSection, ValueText } from './edit-section.tsx';
import { FormTextPicker } from '../../../components/text-date-pickers.tsx';

export interface FieldSpec {
  name: string;
  label: string;
  /** With a limit the field shows the spec's counter (n/max). */
  max?: number;
  multiline?: boolean;
  type?: 'text' | 'date' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  /** Share of the row on wide screens (1 = full width). */
  grow?: number;
}

/** The drafts of a group by field name, as the contract's schema for its save takes them. */
export type Drafts = Record<string, unknown>;

interface EditableFieldsProps {
  label: string;
  fields: readonly FieldSpec[];
  /** The saved values by field name. */
  values: Record<string, string>;
  /** How the saved value reads outside edit mode; default: the values joined by spaces. */
  display?: ReactNode;
  /** The contract's schema of this save (the server checks the same): the messages under the fields. */
  schema: z.ZodType<unknown, Drafts>;
  onSave: (drafts: Record<string, string>) => Promise<unknown>;
  editable: boolean;
  lockedReason?: string | undefined;
}

/** One or more text inputs edited and saved together (street and house number, postcode and city, ...). */
export function EditableFields({
  label,
  fields,
  values,
  display,
  schema,
  onSave,
  editable,
  lockedReason,
}: EditableFieldsProps) {
  const { control, formState, getValues, reset } = useContractForm(schema, values);
  const shown =
    display ??
    fields
      .map((field) => values[field.name] ?? '')
      .join(' ')
      .trim();

  const editor = (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
      {fields.map((field, index) =>
        field.type === 'date' ? (
          // a day is picked with the German picker (issue 15), typing still works
          <FormTextPicker key={field.name} control={control} name={field.name} kind="tag" label={field.label} />
        ) : (
          <FormTextField
            key={field.name}
            control={control}
            name={field.name}
            label={field.label}
            type={field.type ?? 'text'}
            autoComplete={field.autoComplete ?? 'off'}
            autoFocus={index === 0}
            multiline={field.multiline ?? false}
            minRows={field.multiline ? 3 : undefined}
            sx={{ flex: { xs: '1 1 100%', sm: `${field.grow ?? 1} 1 0` }, minWidth: 120 }}
            {...(field.max ? { max: field.max } : {})}
          />
        ),
      )}
    </Box>
  );

  return (
    <EditSection
      label={label}
      view={typeof shown === 'string' ? <ValueText>{shown}</ValueText> : shown}
      editor={editor}
      editable={editable}
      lockedReason={lockedReason}
      valid={formState.isValid}
      dirty={formState.isDirty}
      onStartEdit={() => reset(values)}
      onSave={() => onSave(getValues() as Record<string, string>)}
      onDiscard={() => reset(values)}
    />
  );
}
