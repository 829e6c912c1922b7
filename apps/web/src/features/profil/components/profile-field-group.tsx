import { LIMITS } from '@dihs/contract/common/constants';
import { formatDayDe } from '@dihs/contract/common/time';
import { PROFIL_LIMITS } from '@dihs/contract/profil';
import type { z } from 'zod';
import { EditableFields, type Drafts, type FieldSpec } from './editable-fields.tsx';

/** The profile's editable values, as every view's data has them. */
export interface ProfileValues {
  vorname: string;
  nachname: string;
  strasse: string;
  hausnummer: string;
  plz: string;
  ort: string;
  land: string;
  telefon: string;
  geburtsdatum: string | null;
  ausbildung: string;
  schwerpunkte: string;
  beschreibung: string;
}

interface GroupSpec {
  label: string;
  fields: readonly FieldSpec[];
  display?: (values: ProfileValues) => string;
}

/** The groups of spec 1 section 2.6 that are edited together. */
export const PROFILE_GROUPS = {
  name: {
    label: 'Name',
    fields: [
      { name: 'vorname', label: 'Vorname', autoComplete: 'given-name' },
      { name: 'nachname', label: 'Nachname', autoComplete: 'family-name' },
    ],
  },
  geburtsdatum: {
    label: 'Geburtsdatum',
    fields: [{ name: 'geburtsdatum', label: 'Geburtsdatum', type: 'date', autoComplete: 'bday' }],
    display: (values) => formatDayDe(values.geburtsdatum),
  },
  adresse: {
    label: 'Straße und Hausnummer',
    fields: [
      { name: 'strasse', label: 'Straße', autoComplete: 'address-line1', grow: 3 },
      { name: 'hausnummer', label: 'Hausnummer' },
    ],
  },
  ort: {
    label: 'PLZ und Stadt',
    fields: [
      { name: 'plz', label: 'PLZ', autoComplete: 'postal-code' },
      { name: 'ort', label: 'Stadt', autoComplete: 'address-level2', grow: 3 },
    ],
  },
  land: { label: 'Land', fields: [{ name: 'land', label: 'Land', autoComplete: 'country-name' }] },
  telefon: {
    label: 'Telefon',
    fields: [{ name: 'telefon', label: 'Telefon', type: 'tel', autoComplete: 'tel' }],
  },
  ausbildung: {
    label: 'Ausbildung',
    fields: [{ name: 'ausbildung', label: 'Ausbildung', max: LIMITS.ausbildung, multiline: true }],
  },
  schwerpunkte: {
    label: 'Schwerpunkte',
    fields: [{ name: 'schwerpunkte', label: 'Schwerpunkte', max: LIMITS.schwerpunkte }],
  },
  beschreibung: {
    label: 'Beschreibung',
    fields: [{ name: 'beschreibung', label: 'Beschreibung', max: LIMITS.beschreibung, multiline: true }],
  },
  bemerkung: {
    label: 'Allgemeine Bemerkungen',
    fields: [{ name: 'beschreibung', label: 'Bemerkungen', max: PROFIL_LIMITS.bemerkung, multiline: true }],
  },
} satisfies Record<string, GroupSpec>;
export type ProfileGroupKey = keyof typeof PROFILE_GROUPS;

interface ProfileFieldGroupProps {
  group: ProfileGroupKey;
  profile: ProfileValues;
  /** The contract schema the server applies to this save. */
  schema: z.ZodType<unknown, Drafts>;
  onSave: (changes: Record<string, string>) => Promise<unknown>;
  editable: boolean;
  lockedReason?: string | undefined;
}

/** One group of profile fields with the edit pattern, validated by the same schema as on the server. */
export function ProfileFieldGroup({ group, profile, schema, onSave, editable, lockedReason }: ProfileFieldGroupProps) {
  const spec: GroupSpec = PROFILE_GROUPS[group];
  const values = Object.fromEntries(
    spec.fields.map((field) => [field.name, profile[field.name as keyof ProfileValues] ?? '']),
  );
  return (
    <EditableFields
      label={spec.label}
      fields={spec.fields}
      values={values}
      {...(spec.display ? { display: spec.display(profile) } : {})}
      schema={schema}
      onSave={onSave}
      editable={editable}
      lockedReason={lockedReason}
    />
  );
}
