import { adminEmailBodySchema } from '@dihs/contract/users';
import { LIMITS } from '@dihs/contract/common/constants';
import { passwortMitWiederholungRule } from '@dihs/contract/common/rules';
import { PROFIL_TEXTS } from '@dihs/contract/profil';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { z } from 'zod';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import {
  resendConfirmation,
  saveAdminEmail,
  saveAdminPassword,
  useEmailConfirmed,
  useRefreshKonto,
} from '../api/konto-api.ts';
import { EditableFields } from './editable-fields.tsx';
import { ValueText } from './edit-section.tsx';

interface AdminCredentialsProps {
  userId: number;
  email: string;
  isPatient: boolean;
  /** From the operator view, until the confirmation call answers. */
  emailBestaetigt: boolean;
  editable: boolean;
  lockedReason: string | undefined;
}

const adminEmailFormSchema = z.object({ email: adminEmailBodySchema });

/** Admin e-mail with the patient's confirmation status, and a new password with its repetition (spec 1, 2.7). */
export function AdminCredentials({
  userId,
  email,
  isPatient,
  emailBestaetigt,
  editable,
  lockedReason,
}: AdminCredentialsProps) {
  const refresh = useRefreshKonto();
  const confirmed = useEmailConfirmed(email, isPatient);
  const [notice, setNotice] = useState({ open: false, text: '' });
  const [sending, setSending] = useState(false);
  const isConfirmed = confirmed.data ?? emailBestaetigt;

  async function resend() {
    setSending(true);
    try {
      await resendConfirmation(email);
      setNotice({ open: true, text: 'Die Bestätigungs-E-Mail wurde erneut gesendet.' });
    } catch {
      setNotice({ open: true, text: 'Die Bestätigungs-E-Mail konnte nicht gesendet werden.' });
    } finally {
      setSending(false);
    }
  }

  const emailView = (
    <Box>
      <ValueText>{email}</ValueText>
      {isPatient && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" color={isConfirmed ? 'success.dark' : 'text.secondary'}>
            Bestätigung: {isConfirmed ? PROFIL_TEXTS.bestaetigt : PROFIL_TEXTS.ausstehend}
          </Typography>
          {!isConfirmed && editable && (
            <Button size="small" onClick={() => void resend()} loading={sending}>
              {PROFIL_TEXTS.erneutSenden}
            </Button>
          )}
        </Box>
      )}
    </Box>
  );

  return (
    <>
      <EditableFields
        label="E-Mail (Login)"
        fields={[{ name: 'email', label: 'E-Mail', type: 'email', max: LIMITS.email, autoComplete: 'off' }]}
        values={{ email }}
        display={emailView}
        schema={adminEmailFormSchema}
        onSave={async (drafts) => {
          await saveAdminEmail(userId, drafts.email ?? '');
          await refresh();
        }}
        editable={editable}
        lockedReason={lockedReason}
      />
      <EditableFields
        label="Passwort (Login)"
        fields={[
          {
            name: 'passwort',
            label: 'Neues Passwort',
            type: 'password',
            max: LIMITS.passwortMax,
            autoComplete: 'new-password',
          },
          {
            name: 'passwortWiederholen',
            label: 'Passwort wiederholen',
            type: 'password',
            max: LIMITS.passwortMax,
            autoComplete: 'new-password',
          },
        ]}
        values={{ passwort: '', passwortWiederholen: '' }}
        display="••••••••"
        schema={passwortMitWiederholungRule}
        onSave={async (drafts) => {
          await saveAdminPassword(userId, drafts.passwort ?? '');
          setNotice({ open: true, text: 'Das Passwort wurde gesetzt.' });
        }}
        editable={editable}
        lockedReason={lockedReason}
      />
      <MessageDialog
        open={notice.open}
        title="E-Mail und Passwort"
        text={notice.text}
        onClose={() => setNotice((current) => ({ ...current, open: false }))}
      />
    </>
  );
}
