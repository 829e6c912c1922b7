import { MESSAGES } from '@dihs/contract/common/messages';
import { hasPrivilege, ROLE_LABELS, type Privilege } from '@dihs/contract/common/roles';
import { betreiberProfilAenderungSchema, bemerkungBodySchema, type BetreiberProfil } from '@dihs/contract/profil';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { z } from 'zod';
import { useSession } from '../../lib/session-context.ts';
import { useChangeOperatorProfil, useSetBemerkung } from '../../features/profil/api/profil-api.ts';
import { fullName } from '../../lib/format.ts';
import { AboVerwaltungSection } from '../../features/abo/components/abo-verwaltung-section.tsx';
import { Credentials } from '../../features/profil/components/credentials.tsx';
import { CompanyEditor } from '../../features/profil/components/company-editor.tsx';
import { useFirmaVon } from '../../features/profil/api/konto-api.ts';
import { DeletionRow } from '../../features/loeschung/components/deletion-row.tsx';
import { DocumentationSection } from '../../features/profil/components/documentation-section.tsx';
import { EinwilligungenSection } from '../../features/einwilligung/components/einwilligungen-section.tsx';
import { FhirUebermittlungSection } from '../../features/auskunft/components/fhir-uebermittlung-section.tsx';
import { GuthabenSection } from '../../features/guthaben/components/guthaben-section.tsx';
import { IconLinks } from '../../features/profil/components/icon-links.tsx';
import { ListDisplayEditor } from '../../features/profil/components/list-display-editor.tsx';
import { PhotoUpload } from '../../features/profil/components/photo-upload.tsx';
import { PrivilegesEditor } from '../../features/profil/components/privileges-editor.tsx';
import { ProfileFieldGroup, type ProfileGroupKey } from '../../features/profil/components/profile-field-group.tsx';
import { ProfileHeader } from '../../features/profil/components/profile-header.tsx';
import { ProfileSection } from '../../components/profile-section.tsx';
import { SecondFactorRow } from '../../features/second-factor/components/second-factor-row.tsx';

const GROUPS: Record<BetreiberProfil['rolle'], ProfileGroupKey[]> = {
  PATIENT: ['name', 'geburtsdatum', 'adresse', 'ort', 'land', 'telefon'],
  THERAPEUT: ['name', 'adresse', 'ort', 'land', 'telefon'],
  BETREIBER: ['name', 'adresse', 'ort', 'land', 'telefon'],
};

/** The remarks group edits `beschreibung` with the longer remark rule. */
const remarksSchema = z.object({ beschreibung: bemerkungBodySchema });

/** BETREIBER_VIEW: an operator looking at any user (spec 1, sections 2.6 and 2.7). */
/** The abo section needs the patient's company (profil's data); mounted only for patients, as before. */
function PatientAboSection({ patientId, canManage }: { patientId: number; canManage: boolean }) {
  const firma = useFirmaVon('patient', patientId);
  return <AboVerwaltungSection patientId={patientId} canManage={canManage} firmaBezeichner={firma.data?.bezeichner} />;
}

export function OperatorProfilView({ profile }: { profile: BetreiberProfil }) {
  const { session } = useSession();
  const change = useChangeOperatorProfil(profile.userId);
  const setRemarks = useSetBemerkung(profile.userId);
  const privileges = session?.privileges ?? [];
  const managesUsers = hasPrivilege(privileges, 'BENUTZER_VERWALTEN');
  const can = (privilege: Privilege) => hasPrivilege(privileges, privilege);
  const remarksLocked = managesUsers ? undefined : 'Dafür fehlt Ihnen die Berechtigung „Benutzer verwalten“.';
  const lockedReason = profile.eigenesProfil
    ? MESSAGES.eigenesProfil
    : profile.geloescht
      ? 'Dieser Patient wurde gelöscht.'
      : managesUsers
        ? undefined
        : 'Dafür fehlt Ihnen die Berechtigung „Benutzer verwalten“.';
  const editable = lockedReason === undefined;
  const name = fullName(profile);
  const isPatient = profile.rolle === 'PATIENT';
  const isTherapist = profile.rolle === 'THERAPEUT';
  const group = (key: ProfileGroupKey) => (
    <ProfileFieldGroup
      key={key}
      group={key}
      profile={profile}
      schema={betreiberProfilAenderungSchema}
      onSave={(changes) => change.mutateAsync(changes)}
      editable={editable}
      lockedReason={lockedReason}
    />
  );

  return (
    <Stack spacing={3}>
      <ProfileHeader name={name || profile.email} subtitle={`${ROLE_LABELS[profile.rolle]} · Betreiberansicht`} />
      {profile.eigenesProfil && <Alert severity="info">{MESSAGES.eigenesProfil}</Alert>}
      {profile.geloescht && <Alert severity="warning">Dieser Patient wurde gelöscht; seine Daten sind entfernt.</Alert>}

      <ProfileSection title="Persönliche Daten">
        {GROUPS[profile.rolle].map(group)}
        {profile.rolle !== 'BETREIBER' && (
          <CompanyEditor
            userId={profile.userId}
            role={isPatient ? 'patient' : 'therapeut'}
            editable={editable}
            lockedReason={lockedReason}
          />
        )}
      </ProfileSection>

      <ProfileSection title="Zugang und Berechtigungen">
        <Credentials
          email={profile.email}
          managed={{
            userId: profile.userId,
            isPatient,
            emailBestaetigt: profile.emailBestaetigt,
            editable,
            lockedReason,
          }}
        />
        <PrivilegesEditor
          userId={profile.userId}
          role={profile.rolle}
          privileges={profile.privileges}
          aktiv={profile.aktiv}
          editable={editable}
          lockedReason={lockedReason}
        />
        {/* a patient's second factor is part of their records: only user managers see it (need-to-know) */}
        {(managesUsers || !isPatient) && (
          <SecondFactorRow
            userId={profile.userId}
            canActivate={!isPatient}
            editable={editable}
            lockedReason={lockedReason}
          />
        )}
      </ProfileSection>

      {isTherapist && (
        <ProfileSection title="Therapeutenprofil">
          <ListDisplayEditor
            listenanzeige={profile.listenanzeige}
            onSave={(listenanzeige) => change.mutateAsync({ listenanzeige })}
            editable={editable}
            lockedReason={lockedReason}
          />
          <PhotoUpload
            userId={profile.userId}
            name={name}
            hasPhoto={profile.hatProfilbild}
            asOperator
            editable={editable}
            lockedReason={lockedReason}
          />
          {group('ausbildung')}
          {group('schwerpunkte')}
          {group('beschreibung')}
        </ProfileSection>
      )}

      {isPatient && !profile.geloescht && (
        <>
          <ProfileSection title="Patientenakte">
            <IconLinks patientId={profile.userId} asOperator />
            <ProfileFieldGroup
              group="bemerkung"
              profile={profile}
              schema={remarksSchema}
              onSave={(changes) => setRemarks.mutateAsync(changes.beschreibung ?? '')}
              editable={remarksLocked === undefined}
              lockedReason={remarksLocked}
            />
          </ProfileSection>
          {/* each section only for the privileges the server admits to it (docs/decisions.md "Need-to-know") */}
          {(can('ABOPAKETE_VERWALTEN') || managesUsers) && (
            <PatientAboSection patientId={profile.userId} canManage={can('ABOPAKETE_VERWALTEN')} />
          )}
          {(can('GUTHABEN_AENDERN') || managesUsers) && (
            <GuthabenSection patientId={profile.userId} canEdit={can('GUTHABEN_AENDERN')} />
          )}
          {managesUsers && <DocumentationSection patientId={profile.userId} asOperator />}
        </>
      )}
      {isPatient && managesUsers && !profile.geloescht && <EinwilligungenSection patientId={profile.userId} />}
      {isPatient && can('PATIENTENDATEN_UEBERMITTELN') && !profile.geloescht && (
        <FhirUebermittlungSection patientId={profile.userId} />
      )}
      {isPatient && hasPrivilege(privileges, 'PATIENT_LOESCHEN') && (
        <ProfileSection title="Löschung">
          <DeletionRow patientId={profile.userId} patientName={name} />
        </ProfileSection>
      )}
    </Stack>
  );
}
