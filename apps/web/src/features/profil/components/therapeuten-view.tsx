import type { TherapeutenView } from '@dihs/contract/profil';
import EventIcon from '@mui/icons-material/Event';
import Stack from '@mui/material/Stack';
import { ButtonLink } from '../../../components/button-link.tsx';
import { ProfilePhoto } from '../../../components/profile-photo.tsx';
import { fullName } from '../../../lib/format.ts';
import { ReadOnlyRow } from './edit-section.tsx';
import { ProfileHeader } from './profile-header.tsx';
import { ProfileSection } from '../../../components/profile-section.tsx';

/** THERAPEUTEN_VIEW: a patient looking at a therapist (name, education, focus, description, photo). */
export function TherapeutenViewProfil({ therapist }: { therapist: TherapeutenView }) {
  const name = fullName(therapist);
  return (
    <Stack spacing={3}>
      <ProfileHeader
        name={name}
        subtitle="Therapeutin/Therapeut"
        photo={<ProfilePhoto userId={therapist.userId} hasPhoto={therapist.hatProfilbild} name={name} />}
      />
      <ProfileSection title="Über mich">
        <ReadOnlyRow label="Ausbildung" value={therapist.ausbildung} />
        <ReadOnlyRow label="Schwerpunkte" value={therapist.schwerpunkte} />
        <ReadOnlyRow label="Beschreibung" value={therapist.beschreibung} />
      </ProfileSection>
      <div>
        <ButtonLink to={`/patient/termine?t=${encodeURIComponent(name)}`} variant="contained" startIcon={<EventIcon />}>
          Termine
        </ButtonLink>
      </div>
    </Stack>
  );
}
