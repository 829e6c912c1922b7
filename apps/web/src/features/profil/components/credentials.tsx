import { emailAendernBodySchema, passwortAendernBodySchema } from '@dihs/contract/accounts';
import { LIMITS } from '@dihs/contract/common/constants';
import { passwortMitWiederholungRule } from '@dihs/contract/common/rules';
import { PROFIL_TEXTS } from '@dihs/contract/profil';
import { adminEmailBodySchema } from '@dihs/contract/users';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { z } from 'zod';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { useSession } from '../../../lib/session-context.ts';
import {
  changeOwnEmail,
  changeOwnPassword,
  resendConfirmation,
  saveAdminEmail,
  saveAdminPassword,
  useEmailConfirmed,
  useRefreshKonto,
} from '../api/konto-api.ts';
import { EditableFields, type FieldSpec } from './editable-fields.tsx';
import { ValueText } from './edit-section.tsx';

/** Another user's login, changed by an operator (spec 1, 2.7). */
interface Managed {
  userId: number;
  isPatient: boolean;
  /** From the operator view, until the confirmation call answers. */
  emailBestaetigt: boolean;
  editable: boolean;
  lockedReason: string | undefined;
}

interface CredentialsProps {
  email: string;
  /** Without it: the own e-mail and password (spec 1, 2.6). */
  managed?: Managed;
}

const NEUES_PASSWORT: FieldSpec = {
  name: 'passwort',
  label: 'Neues Passwort',
  type: 'password',
  max: LIMITS.passwortMax,
  autoComplete: 'new-password',
};
const wiederholung = (label: string): FieldSpec => ({ ...NEUES_PASSWORT, name: 'passwortWiederholen', label });
const AKTUELLES_PASSWORT: FieldSpec = {
  name: 'aktuellesPasswort',
  label: 'Aktuelles Passwort',
  type: 'password',
  autoComplete: 'current-password',
};

const adminEmailFormSchema = z.object({ email: adminEmailBodySchema });

type Tell = (title: string, text: string) => void;

/** An operator's view of a patient's e-mail: the address, its confirmation status and "erneut senden". */
function ManagedEmail({ email, managed, tell }: { email: string; managed: Managed; tell: Tell }) {
  const confirmed = useEmailConfirmed(email, managed.isPatient);
  const [sending, setSending] = useState(false);
  const isConfirmed = confirmed.data ?? managed.emailBestaetigt;

  async function resend() {
    setSending(true);
    try {
      await resendConfirmation(email);
      tell('E-Mail und Passwort', 'Die Bestätigungs-E-Mail wurde erneut gesendet.');
    } catch {
      tell('E-Mail und Passwort', 'Die Bestätigungs-E-Mail konnte nicht gesendet werden.');
    } finally {
      setSending(false);
    }
  }

  return (
    <Box>
      <ValueText>{email}</ValueText>
      {managed.isPatient && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" color={isConfirmed ? 'success.dark' : 'text.secondary'}>
            Bestätigung: {isConfirmed ? PROFIL_TEXTS.bestaetigt : PROFIL_TEXTS.ausstehend}
          </Typography>
          {!isConfirmed && managed.editable && (
            <Button size="small" onClick={() => void resend()} loading={sending}>
              {PROFIL_TEXTS.erneutSenden}
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
}

/**
 * E-mail and password of a login. The own ones ask for the current password, so a session left open cannot take
 * the account over, and a new e-mail counts once its mailed link is followed; an operator sets another user's
 * directly (spec 1, 2.7) and sees a patient's confirmation status.
 */
export function Credentials({ email, managed }: CredentialsProps) {
  const { renew } = useSession();
  const refresh = useRefreshKonto();
  const [notice, setNotice] = useState({ open: false, title: '', text: '' });
  const tell: Tell = (title, text) => setNotice({ open: true, title, text });
  const access = { editable: managed?.editable ?? true, lockedReason: managed?.lockedReason };

  return (
    <>
      {managed ? (
        <EditableFields
          label="E-Mail (Login)"
          fields={[{ name: 'email', label: 'E-Mail', type: 'email', max: LIMITS.email, autoComplete: 'off' }]}
          values={{ email }}
          display={<ManagedEmail email={email} managed={managed} tell={tell} />}
          schema={adminEmailFormSchema}
          onSave={async (drafts) => {
            await saveAdminEmail(managed.userId, drafts.email ?? '');
            await refresh();
          }}
          {...access}
        />
      ) : (
        <EditableFields
          label="E-Mail"
          fields={[
            { name: 'email', label: 'Neue E-Mail-Adresse', type: 'email', max: LIMITS.email, autoComplete: 'email' },
            AKTUELLES_PASSWORT,
          ]}
          values={{ email, aktuellesPasswort: '' }}
          display={email}
          schema={emailAendernBodySchema}
          onSave={async (drafts) => {
            await changeOwnEmail({ email: drafts.email ?? '', aktuellesPasswort: drafts.aktuellesPasswort ?? '' });
            tell(
              'E-Mail-Adresse ändern',
              'Wir haben eine E-Mail an die neue Adresse geschickt. Die Änderung gilt, sobald Sie den Link darin bestätigt haben.',
            );
          }}
          {...access}
        />
      )}
      <EditableFields
        label={managed ? 'Passwort (Login)' : 'Passwort'}
        fields={
          managed
            ? [NEUES_PASSWORT, wiederholung('Passwort wiederholen')]
            : [NEUES_PASSWORT, wiederholung('Neues Passwort wiederholen'), AKTUELLES_PASSWORT]
        }
        values={
          managed
            ? { passwort: '', passwortWiederholen: '' }
            : { passwort: '', passwortWiederholen: '', aktuellesPasswort: '' }
        }
        display="••••••••"
        schema={managed ? passwortMitWiederholungRule : passwortAendernBodySchema}
        onSave={async (drafts) => {
          if (managed) {
            await saveAdminPassword(managed.userId, drafts.passwort ?? '');
            tell('E-Mail und Passwort', 'Das Passwort wurde gesetzt.');
            return;
          }
          const { token } = await changeOwnPassword({
            passwort: drafts.passwort ?? '',
            passwortWiederholen: drafts.passwortWiederholen ?? '',
            aktuellesPasswort: drafts.aktuellesPasswort ?? '',
          });
          // the change ended every older token, this tab's too; it continues with the fresh one
          await renew(token);
          tell('Passwort ändern', 'Ihr Passwort wurde geändert.');
        }}
        {...access}
      />
      <MessageDialog
        open={notice.open}
        title={notice.title}
        text={notice.text}
        onClose={() => setNotice((current) => ({ ...current, open: false }))}
      />
    </>
  );
}
