import { ROLE_LABELS } from '@dihs/contract/common/roles';
import { EIGENE_PROFILFELDER, profilAenderungSchema, type EigenesProfil, type ProfilFeld } from '@dihs/contract/profil';
import Stack from '@mui/material/Stack';
import { useChangeMyProfil } from '../../features/profil/api/profil-api.ts';
import { fullName } from '../../lib/format.ts';
import { AboStatusSection } from '../../features/abo/components/abo-status-section.tsx';
import { DatenauskunftSection } from '../../features/auskunft/components/datenauskunft-section.tsx';
import { EinwilligungenSection } from '../../features/einwilligung/components/einwilligungen-section.tsx';
import { EigeneZugriffeSection } from '../../features/protokoll/components/eigene-zugriffe-section.tsx';
import { CompanyEditor } from '../../features/profil/components/company-editor.tsx';
import { GuthabenSection } from '../../features/guthaben/components/guthaben-section.tsx';
import { Credentials } from '../../features/profil/components/credentials.tsx';
import { PhotoUpload } from '../../features/profil/components/photo-upload.tsx';
import {
  ProfileFieldGroup,
  PROFILE_GROUPS,
  type ProfileGroupKey,
} from '../../features/profil/components/profile-field-group.tsx';
import { ProfileHeader } from '../../features/profil/components/profile-header.tsx';
import { ProfileSection } from '../../components/profile-section.tsx';
import { SecondFactorRow } from '../../features/second-factor/components/second-factor-row.tsx';
import { AngemeldeteGeraeteSection } from '../../features/sitzungen/components/angemeldete-geraete-section.tsx';

/** The groups of each role's own profile (spec 1, section 2.6; the operator's layout is ours). */
const OWN_GROUPS: Record<EigenesProfil['rolle'], ProfileGroupKey[]> = {
  PATIENT: ['name', 'geburtsdatum', 'adresse', 'ort', 'land', 'telefon'],
  THERAPEUT: ['name', 'adresse', 'ort', 'land', 'telefon'],
  BETREIBER: ['name', 'adresse', 'ort', 'land', 'telefon'],
};

/** MY_PROFIL: the own profile of any role. */
export function MyProfilView({ profile }: { profile: EigenesProfil }) {
  const change = useChangeMyProfil();
  const allowed: readonly ProfilFeld[] = EIGENE_PROFILFELDER[profile.rolle];
  const name = fullName(profile);
  const group = (key: ProfileGroupKey) => (
    <ProfileFieldGroup
      key={key}
      group={key}
      profile={profile}
      schema={profilAenderungSchema}
      onSave={(changes) => change.mutateAsync(changes)}
      editable={PROFILE_GROUPS[key].fields.every((field) => allowed.includes(field.name as ProfilFeld))}
    />
  );
  const isTherapist = profile.rolle === 'THERAPEUT';

  return (
    <Stack spacing={3}>
      <ProfileHeader name={name} subtitle={`Ihr Profil · ${ROLE_LABELS[profile.rolle]}`} />
      <ProfileSection title="Persönliche Daten">
        {OWN_GROUPS[profile.rolle].map(group)}
        {profile.rolle !== 'BETREIBER' && (
          <CompanyEditor
            userId={profile.userId}
            role={profile.rolle === 'PATIENT' ? 'patient' : 'therapeut'}
            editable={false}
          />
        )}
      </ProfileSection>
      {profile.rolle === 'PATIENT' && <AboStatusSection />}
      {profile.rolle === 'PATIENT' && <GuthabenSection patientId={null} />}
      <ProfileSection title="Zugangsdaten">
        <Credentials email={profile.email} />
        <SecondFactorRow />
      </ProfileSection>
      <AngemeldeteGeraeteSection />
      {profile.rolle === 'PATIENT' && <EinwilligungenSection patientId={null} />}
      {profile.rolle === 'PATIENT' && <EigeneZugriffeSection />}
      {profile.rolle === 'PATIENT' && <DatenauskunftSection />}
      {isTherapist && (
        <ProfileSection title="Über mich">
          <PhotoUpload
            userId={profile.userId}
            name={name}
            hasPhoto={profile.hatProfilbild}
            asOperator={false}
            editable
          />
          {group('ausbildung')}
          {group('schwerpunkte')}
          {group('beschreibung')}
        </ProfileSection>
      )}
    </Stack>
  );
}
