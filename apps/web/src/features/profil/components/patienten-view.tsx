import { formatDayDe } from '@dihs/contract/common/time';
import type { PatientenView } from '@dihs/contract/profil';
import Stack from '@mui/material/Stack';
import { fullName } from '../../../lib/format.ts';
import { DocumentationSection } from './documentation-section.tsx';
import { ReadOnlyRow } from './edit-section.tsx';
import { IconLinks } from './icon-links.tsx';
import { ProfileHeader } from './profile-header.tsx';
import { ProfileSection } from '../../../components/profile-section.tsx';

/** PATIENTEN_VIEW: a therapist looking at a patient (name, birth date, phone, remarks, icons, documentation). */
export function PatientenViewProfil({ patient }: { patient: PatientenView }) {
  return (
    <Stack spacing={3}>
      <ProfileHeader name={fullName(patient)} subtitle="Patientin/Patient" />
      <ProfileSection title="Patientendaten">
        <ReadOnlyRow label="Geburtsdatum" value={formatDayDe(patient.geburtsdatum)} />
        <ReadOnlyRow label="Telefon" value={patient.telefon} />
        <ReadOnlyRow label="Bemerkungen" value={patient.beschreibung} />
        <IconLinks patientId={patient.patientId} asOperator={false} />
      </ProfileSection>
      <DocumentationSection patientId={patient.patientId} asOperator={false} />
    </Stack>
  );
}
