import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useState, type ReactNode } from 'react';
import { CountedTextField } from '../../../components/counted-text-field.tsx';
import { EditSection, ValueText } from './edit-section.tsx';

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

interface EditableFieldsProps {
  label: string;
  fields: readonly FieldSpec[];
  /** The saved values by field name. */
  values: Record<string, string>;
  /** How the saved value reads outside edit mode; default: the values joined by spaces. */
  display?: ReactNode;
  /** Rule messages by field name for the drafts (from the contract's schema). */
  validate: (drafts: Record<string, string>) => Record<string, string | undefined>;
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
  validate,
  onSave,
  editable,
  lockedReason,
}: EditableFieldsProps) {
  const [drafts, setDrafts] = useState<Record<string, string>>(values);
  const errors = validate(drafts);
  const valid = fields.every((field) => !errors[field.name]);
  const dirty = fields.some((field) => (drafts[field.name] ?? '') !== (values[field.name] ?? ''));
  const shown =
    display ??
    fields
      .map((field) => values[field.name] ?? '')
      .join(' ')
      .trim();

  const editor = (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
      {fields.map((field, index) => {
        const common = {
          label: field.label,
          type: field.type ?? 'text',
          autoComplete: field.autoComplete ?? 'off',
          autoFocus: index === 0,
          multiline: field.multiline ?? false,
          minRows: field.multiline ? 3 : undefined,
          sx: { flex: { xs: '1 1 100%', sm: `${field.grow ?? 1} 1 0` }, minWidth: 120 },
          ...(field.type === 'date' ? { slotProps: { inputLabel: { shrink: true } } } : {}),
        };
        const value = drafts[field.name] ?? '';
        const setValue = (next: string) => setDrafts((current) => ({ ...current, [field.name]: next }));
        return field.max ? (
          <CountedTextField
            key={field.name}
            {...common}
            value={value}
            onChange={setValue}
            max={field.max}
            error={errors[field.name]}
          />
        ) : (
          <TextField
            key={field.name}
            {...common}
            margin="dense"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={Boolean(errors[field.name])}
            helperText={errors[field.name]}
          />
        );
      })}
    </Box>
  );

  return (
    <EditSection
      label={label}
      view={typeof shown === 'string' ? <ValueText>{shown}</ValueText> : shown}
      editor={editor}
      editable={editable}
      lockedReason={lockedReason}
      valid={valid}
      dirty={dirty}
      onStartEdit={() => setDrafts(values)}
      onSave={() => onSave(drafts)}
      onDiscard={() => setDrafts(values)}
    />
  );
}
